import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { flowData, flowEdge, flowNode, ref } from "@/test/support/flow-builder";
import { compileFlow } from "./compile";
import type { FlowData } from "./flow-data";
import { canStreamFlow, validateFlow } from "./index";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

/** A valid LLM chain flow: model + prompt → chain. */
function llmChainFlow(): FlowData {
  return flowData(
    [
      flowNode("chatOpenAI_0", "chatOpenAI", { modelName: "gpt-4o-mini" }, { label: "ChatOpenAI" }),
      flowNode("promptTemplate_0", "promptTemplate", { template: "Tell me about {topic}" }, { label: "Prompt" }),
      flowNode("llmChain_0", "llmChain", { model: ref("chatOpenAI_0"), prompt: ref("promptTemplate_0") }, { label: "LLM Chain" }),
    ],
    [flowEdge("chatOpenAI_0", "llmChain_0", "model"), flowEdge("promptTemplate_0", "llmChain_0", "prompt")],
  );
}

function flowError(flow: unknown): ApiError {
  try {
    compileFlow(flow as FlowData);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    return error as ApiError;
  }
  throw new Error("expected the flow to be rejected");
}

describe("flow validation", () => {
  it("accepts a valid flow and names its ending node and plan", () => {
    expect(validateFlow(llmChainFlow())).toEqual({
      endingNode: { id: "llmChain_0", name: "llmChain", label: "LLM Chain" },
      nodeIds: ["chatOpenAI_0", "promptTemplate_0", "llmChain_0"],
      canStream: true,
    });
  });

  it("accepts flowData as the stored JSON string", () => {
    expect(validateFlow(JSON.stringify(llmChainFlow())).endingNode.id).toBe("llmChain_0");
  });

  it("rejects text that is not JSON and JSON without nodes and edges", () => {
    expect(flowError("{nodes:").message).toBe("flowData is not valid JSON");
    expect(flowError('{"nodes": []}').message).toBe("flowData must be an object with nodes and edges arrays");
    expect(flowError({ nodes: [{ id: "a", data: {} }], edges: [] }).message).toBe("flowData node a needs data.name (its node type)");
  });

  it("rejects an unknown node type, naming the node", () => {
    const flow = llmChainFlow();
    flow.nodes.push(flowNode("mystery_0", "mysteryNode", {}, { label: "Mystery" }));
    expect(flowError(flow).message).toBe('Node mystery_0 (Mystery) has unknown type "mysteryNode"');
  });

  it("rejects a missing required anchor", () => {
    const flow = llmChainFlow();
    flow.nodes[2].data.inputs = { model: ref("chatOpenAI_0") };
    flow.edges.pop();
    const error = flowError(flow);
    expect(error.message).toBe('Node llmChain_0 (LLM Chain) is missing required input "Prompt" (prompt)');
    expect(error.details).toEqual([{ path: "nodes.llmChain_0.inputs.prompt", message: error.message }]);
  });

  it("rejects a missing required param", () => {
    const flow = llmChainFlow();
    flow.nodes[1].data.inputs = { template: "" };
    expect(flowError(flow).message).toBe('Node promptTemplate_0 (Prompt) is missing required input "Template" (template)');
  });

  it("rejects a param of the wrong type", () => {
    const flow = llmChainFlow();
    flow.nodes[0].data.inputs = { modelName: "m", temperature: "warm" };
    expect(flowError(flow).message).toBe('Node chatOpenAI_0 (ChatOpenAI) input "temperature" must be a number');
  });

  it("rejects a reference to a node that is not in the flow", () => {
    const flow = llmChainFlow();
    flow.nodes[2].data.inputs = { model: ref("chatOpenAI_9"), prompt: ref("promptTemplate_0") };
    flow.edges = [flowEdge("promptTemplate_0", "llmChain_0", "prompt")];
    expect(flowError(flow).message).toBe('Node llmChain_0 (LLM Chain) input "model" refers to missing node "chatOpenAI_9"');
  });

  it("rejects a reference to a missing node inside text", () => {
    const flow = llmChainFlow();
    flow.nodes[1].data.inputs = { template: "{x}", promptValues: { x: ref("llmChain_7") } };
    expect(flowError(flow).message).toBe('Node promptTemplate_0 (Prompt) input "promptValues" refers to missing node "llmChain_7"');
  });

  it("rejects an edge from a missing node", () => {
    const flow = llmChainFlow();
    flow.edges.push(flowEdge("ghost_0", "llmChain_0", "model"));
    expect(flowError(flow).message).toBe('Edge ghost_0->llmChain_0.model connects missing node "ghost_0"');
  });

  it("rejects a connection whose source does not provide the anchor's type", () => {
    const flow = llmChainFlow();
    flow.nodes.push(flowNode("bufferMemory_0", "bufferMemory", {}, { label: "Memory" }));
    flow.nodes[2].data.inputs = { model: ref("chatOpenAI_0"), prompt: ref("bufferMemory_0") };
    flow.edges = [flowEdge("chatOpenAI_0", "llmChain_0", "model"), flowEdge("bufferMemory_0", "llmChain_0", "prompt")];
    expect(flowError(flow).message).toBe(
      'Node llmChain_0 (LLM Chain) input "prompt" accepts BasePromptTemplate, but Node bufferMemory_0 (Memory) provides BufferMemory | BaseChatMemory | BaseMemory',
    );
  });

  it("checks the selected output's type: an output prediction is text, not a chain", () => {
    const flow = flowData(
      [
        flowNode("chatOpenAI_0", "chatOpenAI"),
        flowNode("promptTemplate_0", "promptTemplate", { template: "{q}" }),
        flowNode("llmChain_0", "llmChain", {}, { label: "First", output: "outputPrediction" }),
        flowNode("promptTemplate_1", "promptTemplate", { template: "{q}" }),
        flowNode("llmChain_1", "llmChain", {}, { label: "Second" }),
      ],
      [
        flowEdge("chatOpenAI_0", "llmChain_0", "model"),
        flowEdge("promptTemplate_0", "llmChain_0", "prompt"),
        flowEdge("llmChain_0", "llmChain_1", "model", "outputPrediction"),
        flowEdge("promptTemplate_1", "llmChain_1", "prompt"),
      ],
    );
    expect(flowError(flow).message).toBe(
      'Node llmChain_1 (Second) input "model" accepts BaseLanguageModel, but Node llmChain_0 (First) provides string | json',
    );
  });

  it("rejects an output the node does not have", () => {
    const flow = llmChainFlow();
    flow.nodes[2].data.outputs = { output: "vectorStore" };
    expect(flowError(flow).message).toBe('Node llmChain_0 (LLM Chain) has no output "vectorStore"');
  });

  it("rejects two connections into a single anchor", () => {
    const flow = llmChainFlow();
    flow.nodes.push(flowNode("chatOllama_0", "chatOllama", { modelName: "llama3.2" }, { label: "Ollama" }));
    flow.edges.push(flowEdge("chatOllama_0", "llmChain_0", "model"));
    expect(flowError(flow).message).toBe('Node llmChain_0 (LLM Chain) input "model" accepts one connection, not 2');
  });

  it("rejects a cycle, naming a node on it", () => {
    const flow = flowData(
      [
        flowNode("chatOpenAI_0", "chatOpenAI"),
        flowNode("promptTemplate_0", "promptTemplate", { template: "{a}", promptValues: { a: ref("llmChain_1") } }),
        flowNode("llmChain_0", "llmChain", {}, { label: "A", output: "outputPrediction" }),
        flowNode("promptTemplate_1", "promptTemplate", { template: "{b}", promptValues: { b: ref("llmChain_0") } }),
        flowNode("llmChain_1", "llmChain", {}, { label: "B", output: "outputPrediction" }),
      ],
      [
        flowEdge("chatOpenAI_0", "llmChain_0", "model"),
        flowEdge("chatOpenAI_0", "llmChain_1", "model"),
        flowEdge("promptTemplate_0", "llmChain_0", "prompt"),
        flowEdge("promptTemplate_1", "llmChain_1", "prompt"),
      ],
    );
    expect(flowError(flow).message).toBe("Node promptTemplate_0 (promptTemplate) is part of a cycle");
  });

  it("rejects a flow without an ending node", () => {
    expect(flowError(flowData([], [])).message).toBe("Flow has no ending node: connect a chain or an agent as its last node");
    const unconnected = flowData([flowNode("chatOpenAI_0", "chatOpenAI"), flowNode("bufferMemory_0", "bufferMemory")], []);
    expect(flowError(unconnected).message).toBe("Flow has no ending node: connect a chain or an agent as its last node");
  });

  it("rejects an ending node that cannot answer", () => {
    const flow = flowData(
      [
        flowNode("chatOpenAI_0", "chatOpenAI"),
        flowNode("promptTemplate_0", "promptTemplate", { template: "{x}", promptValues: { x: ref("chatOpenAI_0") } }, { label: "P" }),
      ],
      [],
    );
    expect(flowError(flow).message).toBe("Node promptTemplate_0 (P) cannot end the flow: connect it to a chain or an agent");
  });

  it("rejects two ending nodes", () => {
    const flow = llmChainFlow();
    flow.nodes.push(flowNode("llmChain_1", "llmChain", { model: ref("chatOpenAI_0"), prompt: ref("promptTemplate_0") }, { label: "Other" }));
    expect(flowError(flow).message).toBe(
      "Flow has more than one ending node: Node llmChain_0 (LLM Chain), Node llmChain_1 (Other)",
    );
  });

  it("rejects an edge into an input the node does not have", () => {
    const flow = llmChainFlow();
    flow.edges.push(flowEdge("chatOpenAI_0", "llmChain_0", "memory"));
    expect(flowError(flow).message).toBe('Node llmChain_0 (LLM Chain) has no input "memory" for the edge from chatOpenAI_0');
  });

  it("reports every problem in details, the first in the message", () => {
    const flow = llmChainFlow();
    flow.nodes[0].data.inputs = { temperature: "hot" };
    flow.nodes[1].data.inputs = {};
    const error = flowError(flow);
    expect(error.details?.map((issue) => issue.path)).toEqual([
      "nodes.chatOpenAI_0.inputs.temperature",
      "nodes.promptTemplate_0.inputs.template",
    ]);
  });
});

describe("flow structure", () => {
  it("ignores sticky notes and their edges", () => {
    const flow = llmChainFlow();
    flow.nodes.push(flowNode("stickyNote_0", "stickyNote", { note: "remember" }, { type: "stickyNote" }));
    flow.edges.push(flowEdge("stickyNote_0", "llmChain_0", "model"));
    expect(validateFlow(flow).nodeIds).toEqual(["chatOpenAI_0", "promptTemplate_0", "llmChain_0"]);
  });

  it("connects edges without handles by type", () => {
    const flow = llmChainFlow();
    flow.nodes[2].data.inputs = {};
    flow.edges = flow.edges.map(({ source, target }) => ({ source, target }));
    const compiled = compileFlow(flow);
    expect(compiled.ending.anchors).toEqual(new Map([["model", ["chatOpenAI_0"]], ["prompt", ["promptTemplate_0"]]]));
  });

  it("plans only the nodes the ending node needs, dependencies first", () => {
    const flow = llmChainFlow();
    flow.nodes.push(flowNode("calculator_0", "calculator"));
    const compiled = compileFlow(flow);
    expect(compiled.plan.map((node) => node.id)).toEqual(["chatOpenAI_0", "promptTemplate_0"]);
  });

  it("coerces Flowise's text numbers and booleans and applies defaults", () => {
    const flow = llmChainFlow();
    flow.nodes[0].data.inputs = { modelName: "m", temperature: "0.3", streaming: "false", maxTokens: "" };
    const model = compileFlow(flow).nodes.get("chatOpenAI_0");
    expect(Object.fromEntries(model?.params ?? [])).toEqual({
      modelName: "m",
      temperature: 0.3,
      maxTokens: undefined,
      topP: undefined,
      streaming: false,
      basepath: undefined,
      timeout: undefined,
    });
  });

  it("streams only when the ending node streams and no model on its way has streaming off", () => {
    const flow = llmChainFlow();
    expect(canStreamFlow(flow)).toBe(true);
    flow.nodes[0].data.inputs = { modelName: "m", streaming: false };
    expect(canStreamFlow(flow)).toBe(false);
    expect(canStreamFlow("not json")).toBe(false);
  });
});
