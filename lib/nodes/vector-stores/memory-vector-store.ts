import { createMemoryStore } from "@/lib/vector";
import { defineNode } from "../define";
import { createStoreInstance, storeInputs, storeOutputs, topKInput } from "./build-store";

export const memoryVectorStore = defineNode({
  name: "memoryVectorStore",
  label: "In-Memory Vector Store",
  version: 1,
  category: "Vector Stores",
  description:
    "Chunks kept in this server's memory: for trying things out, lost on restart and not shared between instances",
  baseClasses: ["Memory", "VectorStoreRetriever", "BaseRetriever"],
  inputs: {
    ...storeInputs,
    topK: topKInput,
  },
  outputs: storeOutputs("Memory", "Memory"),
  init({ inputs, node, output, request }) {
    return createStoreInstance({
      node,
      output,
      request,
      store: createMemoryStore(request.chatflowId, node.id),
      embeddings: inputs.embeddings,
      loaders: inputs.document,
      topK: inputs.topK,
    });
  },
});
