import { describe, expect, it, vi } from "vitest";
import type { VectorStoreInstance } from "@/lib/nodes/retrieval-types";
import type { NodeServices } from "@/lib/nodes/types";
import { flowData, flowEdge, flowNode, ref } from "@/test/support/flow-builder";
import { buildFlowNode } from "./index";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

const services: NodeServices = {
  loadCredential: async () => null,
  loadChatMessages: async () => [],
  loadTool: async () => null,
};

// loader (with splitter) → memory store ← embeddings, and nothing that could end the flow.
const upsertOnlyFlow = flowData(
  [
    flowNode("openAIEmbeddings_0", "openAIEmbeddings", {
      modelName: "mock-embed",
      basepath: "http://127.0.0.1:9/v1",
    }),
    flowNode("recursiveCharacterTextSplitter_0", "recursiveCharacterTextSplitter", {
      chunkSize: 100,
      chunkOverlap: 0,
    }),
    flowNode("plainText_0", "plainText", {
      text: "Stored text",
      textSplitter: ref("recursiveCharacterTextSplitter_0"),
      metadata: '{"from": "node"}',
    }),
    flowNode(
      "memoryVectorStore_0",
      "memoryVectorStore",
      { document: [ref("plainText_0")], embeddings: ref("openAIEmbeddings_0"), topK: 2 },
      { output: "vectorStore" },
    ),
  ],
  [flowEdge("plainText_0", "memoryVectorStore_0", "document")],
);

const build = (nodeId: string, overrideConfig: Record<string, unknown> = {}) =>
  buildFlowNode(
    {
      chatflow: {
        id: "cf-build",
        workspaceId: "11111111-1111-4111-8111-111111111111",
        flowData: upsertOnlyFlow,
        updatedDate: new Date(),
      },
      nodeId,
      overrideConfig,
      signal: new AbortController().signal,
    },
    services,
  );

describe("buildFlowNode", () => {
  it("builds a store node and what feeds it, in a flow without an ending node", async () => {
    const store = (await build("memoryVectorStore_0")) as VectorStoreInstance;
    expect(store.kind).toBe("vectorStore");
    expect(store.upsertPlan.node).toMatchObject({ id: "memoryVectorStore_0", label: "memoryVectorStore" });
    expect(store.upsertPlan.target).toMatchObject({
      chatflowId: "cf-build",
      storeNodeId: "memoryVectorStore_0",
    });
    const [loader] = store.upsertPlan.loaders;
    expect(loader).toMatchObject({ kind: "documentLoader", fileTypes: [], metadata: { from: "node" } });
    expect(await loader.loadOwn()).toEqual([{ pageContent: "Stored text", metadata: {} }]);
    expect(store.asRetriever().kind).toBe("retriever");
  });

  it("applies overrideConfig to the nodes it builds", async () => {
    const text = "word ".repeat(100).trim();
    const store = (await build("memoryVectorStore_0", {
      chunkSize: 50,
      chunkOverlap: 0,
    })) as VectorStoreInstance;
    const splitter = store.upsertPlan.loaders[0].splitter!;
    expect(splitter.splitText(text).every((chunk) => chunk.length <= 50)).toBe(true);
    const unchanged = (await build("memoryVectorStore_0")) as VectorStoreInstance;
    expect(unchanged.upsertPlan.loaders[0].splitter!.splitText(text)[0].length).toBeGreaterThan(50);
  });

  it("answers 400 for a node that is not in the flow", async () => {
    await expect(build("chroma_9")).rejects.toMatchObject({
      statusCode: 400,
      message: "Node chroma_9 is not in the flow",
    });
  });
});
