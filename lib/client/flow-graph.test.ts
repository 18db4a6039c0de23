import { describe, expect, it } from "vitest";
import {
  checkConnection,
  cloneSelection,
  connectEdges,
  createNode,
  findMissingInputs,
  inputHandleId,
  layoutNodes,
  needsLayout,
  outputHandleId,
  readFlowData,
  wouldCreateCycle,
  writeFlowData,
  type FlowEdge,
} from "./flow-graph";
import { normalizeCatalog } from "./node-catalog";

const catalog = normalizeCatalog([
  {
    name: "chatOpenAI",
    label: "ChatOpenAI",
    category: "Chat Models",
    baseClasses: ["ChatOpenAI", "BaseChatModel", "BaseLanguageModel"],
    inputs: [
      { name: "modelName", label: "Model Name", type: "string", default: "gpt-4o-mini" },
      { name: "temperature", label: "Temperature", type: "number", optional: true, default: 0.7 },
    ],
    credential: { credentialNames: ["openAIApi"], optional: true },
  },
  {
    name: "bufferMemory",
    label: "Buffer Memory",
    category: "Memory",
    baseClasses: ["BufferMemory", "BaseMemory"],
    inputs: {},
  },
  {
    name: "conversationChain",
    label: "Conversation Chain",
    category: "Chains",
    baseClasses: ["ConversationChain", "BaseChain"],
    inputs: {
      model: { kind: "anchor", type: "BaseChatModel" },
      memory: { type: "BaseMemory", optional: true },
      systemMessagePrompt: { type: "string", optional: true, rows: 4 },
    },
  },
  {
    name: "toolAgent",
    label: "Tool Agent",
    category: "Agents",
    baseClasses: ["AgentExecutor"],
    inputs: [
      { name: "tools", label: "Tools", type: "Tool", list: true },
      { name: "model", label: "Chat Model", type: "BaseChatModel" },
    ],
  },
  {
    name: "calculator",
    label: "Calculator",
    category: "Tools",
    baseClasses: ["Calculator", "Tool"],
    inputs: [],
  },
]);

const def = (name: string) => catalog.get(name)!;

function conversationFlow() {
  const model = createNode(def("chatOpenAI"), "chatOpenAI_0", { x: 0, y: 0 });
  const memory = createNode(def("bufferMemory"), "bufferMemory_0", { x: 0, y: 400 });
  const chain = createNode(def("conversationChain"), "conversationChain_0", { x: 400, y: 0 });
  const edges = [
    {
      source: model.id,
      target: chain.id,
      sourceHandle: outputHandleId(model.id, def("chatOpenAI").outputs[0]),
      targetHandle: inputHandleId(chain.id, def("conversationChain").anchors[0]),
    },
  ].reduce<FlowEdge[]>((all, connection) => connectEdges(all, connection, false), []);
  return { nodes: [model, memory, chain], edges };
}

describe("node catalog", () => {
  it("splits array and keyed inputs into typed anchors and params", () => {
    const chain = def("conversationChain");
    expect(chain.anchors).toEqual([
      {
        name: "model",
        label: "Model",
        types: ["BaseChatModel"],
        list: false,
        optional: false,
        description: undefined,
      },
      {
        name: "memory",
        label: "Memory",
        types: ["BaseMemory"],
        list: false,
        optional: true,
        description: undefined,
      },
    ]);
    expect(chain.params.map((param) => [param.name, param.type, param.rows])).toEqual([
      ["systemMessagePrompt", "string", 4],
    ]);
    expect(def("chatOpenAI").credential).toEqual({
      label: "Credential",
      names: ["openAIApi"],
      optional: true,
    });
    expect(def("chatOpenAI").outputs).toEqual([
      {
        name: "chatOpenAI",
        label: "ChatOpenAI",
        types: ["ChatOpenAI", "BaseChatModel", "BaseLanguageModel"],
      },
    ]);
  });
});

describe("connections", () => {
  it("accepts an output whose classes include the anchor's type", () => {
    const { nodes, edges } = conversationFlow();
    const verdict = checkConnection(
      {
        source: "bufferMemory_0",
        target: "conversationChain_0",
        sourceHandle: outputHandleId("bufferMemory_0", def("bufferMemory").outputs[0]),
        targetHandle: inputHandleId("conversationChain_0", def("conversationChain").anchors[1]),
      },
      nodes,
      edges,
      catalog,
    );
    expect(verdict).toEqual({ ok: true });
  });

  it("refuses a memory plugged into the model anchor, naming the accepted type", () => {
    const { nodes, edges } = conversationFlow();
    const verdict = checkConnection(
      {
        source: "bufferMemory_0",
        target: "conversationChain_0",
        sourceHandle: outputHandleId("bufferMemory_0", def("bufferMemory").outputs[0]),
        targetHandle: inputHandleId("conversationChain_0", def("conversationChain").anchors[0]),
      },
      nodes,
      edges,
      catalog,
    );
    expect(verdict).toEqual({ ok: false, reason: "Model accepts BaseChatModel, not BufferMemory" });
  });

  it("detects cycles, including self-loops", () => {
    const edges = [
      { source: "a", target: "b" },
      { source: "b", target: "c" },
    ];
    expect(wouldCreateCycle(edges, "c", "a")).toBe(true);
    expect(wouldCreateCycle(edges, "a", "a")).toBe(true);
    expect(wouldCreateCycle(edges, "a", "c")).toBe(false);
  });

  it("replaces the edge into a single anchor but appends to a list anchor", () => {
    const single = connectEdges(
      [
        {
          id: "old",
          source: "x",
          target: "t",
          sourceHandle: "x-output",
          targetHandle: "t-input-model-BaseChatModel",
        },
      ],
      { source: "y", target: "t", sourceHandle: "y-output", targetHandle: "t-input-model-BaseChatModel" },
      false,
    );
    expect(single.map((edge) => edge.source)).toEqual(["y"]);
    const list = connectEdges(
      [{ id: "old", source: "x", target: "t", sourceHandle: "x-output", targetHandle: "t-input-tools-Tool" }],
      { source: "y", target: "t", sourceHandle: "y-output", targetHandle: "t-input-tools-Tool" },
      true,
    );
    expect(list.map((edge) => edge.source)).toEqual(["x", "y"]);
  });
});

describe("flowData", () => {
  it("writes anchor inputs from the edges, lists as arrays", () => {
    const agent = createNode(def("toolAgent"), "toolAgent_0", { x: 0, y: 0 });
    const calc = createNode(def("calculator"), "calculator_0", { x: 0, y: 0 });
    const model = createNode(def("chatOpenAI"), "chatOpenAI_0", { x: 0, y: 0 });
    let edges: FlowEdge[] = [];
    edges = connectEdges(
      edges,
      {
        source: calc.id,
        target: agent.id,
        sourceHandle: outputHandleId(calc.id, def("calculator").outputs[0]),
        targetHandle: inputHandleId(agent.id, def("toolAgent").anchors[0]),
      },
      true,
    );
    edges = connectEdges(
      edges,
      {
        source: model.id,
        target: agent.id,
        sourceHandle: outputHandleId(model.id, def("chatOpenAI").outputs[0]),
        targetHandle: inputHandleId(agent.id, def("toolAgent").anchors[1]),
      },
      false,
    );
    const saved = JSON.parse(writeFlowData({ nodes: [agent, calc, model], edges }, catalog));
    expect(saved.nodes[0].data.inputs).toEqual({
      tools: ["{{calculator_0.data.instance}}"],
      model: "{{chatOpenAI_0.data.instance}}",
    });
    expect(saved.nodes[2].data.inputs).toEqual({ modelName: "gpt-4o-mini", temperature: 0.7 });
    expect(saved.edges[1]).toEqual({
      source: "chatOpenAI_0",
      sourceHandle: "chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel",
      target: "toolAgent_0",
      targetHandle: "toolAgent_0-input-model-BaseChatModel",
      type: "buttonedge",
      id: "chatOpenAI_0-chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel-toolAgent_0-toolAgent_0-input-model-BaseChatModel",
    });
  });

  it("reads back what it wrote", () => {
    const { nodes, edges } = conversationFlow();
    const text = writeFlowData({ nodes, edges, viewport: { x: 1, y: 2, zoom: 1 } }, catalog);
    const read = readFlowData(text, catalog);
    expect(read.nodes.map((node) => [node.id, node.type, node.position])).toEqual([
      ["chatOpenAI_0", "customNode", { x: 0, y: 0 }],
      ["bufferMemory_0", "customNode", { x: 0, y: 400 }],
      ["conversationChain_0", "customNode", { x: 400, y: 0 }],
    ]);
    expect(read.edges.map((edge) => [edge.sourceHandle, edge.targetHandle])).toEqual(
      edges.map((edge) => [edge.sourceHandle, edge.targetHandle]),
    );
    expect(read.viewport).toEqual({ x: 1, y: 2, zoom: 1 });
  });

  it("re-points handles of a Flowise export whose class lists differ from the catalog", () => {
    const flowise = {
      nodes: [
        {
          id: "chatOpenAI_0",
          type: "customNode",
          width: 300,
          height: 574,
          position: { x: 10, y: 20 },
          data: { id: "chatOpenAI_0", name: "chatOpenAI", inputs: { modelName: "gpt-3.5-turbo" } },
        },
        {
          id: "conversationChain_0",
          type: "customNode",
          position: { x: 500, y: 20 },
          data: {
            id: "conversationChain_0",
            name: "conversationChain",
            inputs: { model: "{{chatOpenAI_0.data.instance}}" },
          },
        },
      ],
      edges: [
        {
          id: "e1",
          source: "chatOpenAI_0",
          sourceHandle: "chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable",
          target: "conversationChain_0",
          targetHandle: "conversationChain_0-input-model-BaseChatModel",
        },
      ],
    };
    const read = readFlowData(JSON.stringify(flowise), catalog);
    expect(read.nodes[0]).not.toHaveProperty("width");
    expect(read.edges[0]).toMatchObject({
      id: "e1",
      sourceHandle: "chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel",
      targetHandle: "conversationChain_0-input-model-BaseChatModel",
    });
  });

  it("lays out a flow without positions from inputs to the ending node", () => {
    const text = JSON.stringify({
      nodes: [
        { id: "conversationChain_0", data: { name: "conversationChain" } },
        { id: "chatOpenAI_0", data: { name: "chatOpenAI" } },
        { id: "bufferMemory_0", data: { name: "bufferMemory" } },
      ],
      edges: [
        {
          source: "chatOpenAI_0",
          target: "conversationChain_0",
          sourceHandle: "chatOpenAI_0-output-chatOpenAI-ChatOpenAI",
          targetHandle: "conversationChain_0-input-model-BaseChatModel",
        },
        {
          source: "bufferMemory_0",
          target: "conversationChain_0",
          sourceHandle: "bufferMemory_0-output-bufferMemory-BaseMemory",
          targetHandle: "conversationChain_0-input-memory-BaseMemory",
        },
      ],
    });
    const read = readFlowData(text, catalog);
    const at = Object.fromEntries(read.nodes.map((node) => [node.id, node.position]));
    expect(at.chatOpenAI_0.x).toBe(0);
    expect(at.bufferMemory_0.x).toBe(0);
    expect(at.conversationChain_0.x).toBeGreaterThan(0);
    expect(at.bufferMemory_0.y).toBeGreaterThan(at.chatOpenAI_0.y);
  });

  it("needs layout only when positions are missing or all equal", () => {
    expect(needsLayout([{ position: { x: 0, y: 0 } }, { position: { x: 0, y: 0 } }])).toBe(true);
    expect(needsLayout([{ position: { x: 0, y: 0 } }, { position: { x: 5, y: 0 } }])).toBe(false);
    expect(needsLayout([{}])).toBe(true);
    expect(layoutNodes([], [])).toEqual([]);
  });
});

describe("checks and copies", () => {
  it("lists required anchors and params that are empty", () => {
    const chain = createNode(def("conversationChain"), "conversationChain_0", { x: 0, y: 0 });
    const model = createNode(def("chatOpenAI"), "chatOpenAI_0", { x: 0, y: 0 });
    model.data.inputs!.modelName = "";
    expect(findMissingInputs([chain, model], [], catalog)).toEqual([
      { nodeId: "conversationChain_0", nodeLabel: "Conversation Chain", input: "Model" },
      { nodeId: "chatOpenAI_0", nodeLabel: "ChatOpenAI", input: "Model Name" },
    ]);
  });

  it("does not flag a required param the flow leaves out when it has a default", () => {
    const model = createNode(def("chatOpenAI"), "chatOpenAI_0", { x: 0, y: 0 });
    delete model.data.inputs!.modelName;
    expect(findMissingInputs([model], [], catalog)).toEqual([]);
  });

  it("clones a selection with fresh ids and renamed internal edges", () => {
    const { nodes, edges } = conversationFlow();
    const copy = cloneSelection(
      [nodes[0], nodes[2]],
      edges,
      nodes.map((node) => node.id),
      { x: 40, y: 40 },
    );
    expect(copy.nodes.map((node) => [node.id, node.data.id, node.position])).toEqual([
      ["chatOpenAI_1", "chatOpenAI_1", { x: 40, y: 40 }],
      ["conversationChain_1", "conversationChain_1", { x: 440, y: 40 }],
    ]);
    expect(copy.edges).toHaveLength(1);
    expect(copy.edges[0]).toMatchObject({
      source: "chatOpenAI_1",
      target: "conversationChain_1",
      sourceHandle: "chatOpenAI_1-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel",
      targetHandle: "conversationChain_1-input-model-BaseChatModel",
    });
    expect((copy.nodes[1].data.inputAnchors as Array<{ id: string }>)[0].id).toBe(
      "conversationChain_1-input-model-BaseChatModel",
    );
    expect(nodes[0].id).toBe("chatOpenAI_0");
  });
});
