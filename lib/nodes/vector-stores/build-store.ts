import { ApiError } from "@/lib/api/errors";
import type { Embeddings } from "@/lib/models/embeddings";
import { checkFilter, databaseLedger, type MetadataFilter, type VectorStore } from "@/lib/vector";
import { anchor, param } from "../define";
import { nodeError } from "../errors";
import type {
  DocumentLoaderInstance,
  RetrieverInstance,
  StoreUpsertPlan,
  VectorStoreInstance,
} from "../retrieval-types";
import type { FlowRequest, NodeOutput } from "../types";

export const defaultTopK = 4;

/** The inputs every vector store node has: what to store and how to embed it. */
export const storeInputs = {
  document: anchor("Document", {
    label: "Document",
    list: true,
    optional: true,
    description: "Loaders whose documents an upsert stores; without any, the request's text goes in as it is",
  }),
  embeddings: anchor("Embeddings"),
};

export const topKInput = param.number({
  label: "Top K",
  optional: true,
  additionalParams: true,
  placeholder: String(defaultTopK),
  description: `Chunks a retrieval returns (default ${defaultTopK})`,
});

/** Both outputs of a store node: a retriever for chains and tools, or the store itself. */
export function storeOutputs(type: string, label: string): NodeOutput[] {
  return [
    {
      name: "retriever",
      label: `${label} Retriever`,
      baseClasses: [type, "VectorStoreRetriever", "BaseRetriever"],
    },
    { name: "vectorStore", label: `${label} Vector Store`, baseClasses: [type, "VectorStore"] },
  ];
}

interface StoreSpec {
  node: { id: string; label: string };
  output: string;
  request: FlowRequest;
  store: VectorStore;
  embeddings: Embeddings;
  loaders: DocumentLoaderInstance[];
  topK?: number;
  filter?: unknown;
}

/** The node's instance: a retriever or the vector store (per its output), ready for upserts too. */
export function createStoreInstance(spec: StoreSpec): RetrieverInstance | VectorStoreInstance {
  const { node, request, store, embeddings } = spec;
  const topK = spec.topK ?? defaultTopK;
  if (!(Number.isInteger(topK) && topK > 0)) throw nodeError(node, 'input "topK" must be a positive integer');
  const filter = readFilter(node, spec.filter);

  const upsertPlan: StoreUpsertPlan = {
    node,
    loaders: spec.loaders,
    target: {
      chatflowId: request.chatflowId,
      storeNodeId: node.id,
      embeddings,
      store,
      ledger: databaseLedger({
        workspaceId: request.workspaceId,
        chatflowId: request.chatflowId,
        storeNodeId: node.id,
      }),
    },
  };

  // Files sent with a prediction are stored marked `chatUpload` with their chatId
  // (lib/upserts/ingest.ts): a chat sees its own uploads and the flow's documents, never another
  // chat's uploads. Chroma has no "key absent" test; `$ne` matches chunks without the key.
  // Chroma evaluates a metadata filter over the whole collection before it searches (a query took
  // 260 ms at 100,000 vectors instead of 2 ms), and this scope only ever leaves out other chats'
  // uploads. So the search runs without it, a little wider, and drops those here: if at least k
  // results remain (or the store held no more), they are exactly the scoped top k. Otherwise the
  // store is asked again with the scope.
  const chatScope: MetadataFilter = { $or: [{ chatId: request.chatId }, { chatUpload: { $ne: true } }] };
  const inChatScope = (metadata: Record<string, unknown>) =>
    metadata.chatId === request.chatId || metadata.chatUpload !== true;
  const similaritySearch: VectorStoreInstance["similaritySearch"] = async (query, options) => {
    const vector = await embeddings.embedQuery(query, { signal: options.signal });
    const chosen = options.filter ?? filter;
    const k = options.k ?? topK;
    const wide = Math.max(k * 2, k + 10);
    const found = await store.query(vector, wide, chosen);
    const scoped = found.filter((document) => inChatScope(document.metadata));
    if (scoped.length >= k || found.length < wide) return scoped.slice(0, k);
    return store.query(vector, k, chosen ? { $and: [chosen, chatScope] } : chatScope);
  };

  const asRetriever = (options: { k?: number; filter?: MetadataFilter } = {}): RetrieverInstance => ({
    kind: "retriever",
    upsertPlan,
    async retrieve(query, signal) {
      const found = await similaritySearch(query, { ...options, signal });
      return found.map((document) => ({ pageContent: document.pageContent, metadata: document.metadata }));
    },
  });

  if (spec.output === "vectorStore")
    return { kind: "vectorStore", similaritySearch, asRetriever, upsertPlan };
  return asRetriever();
}

function readFilter(node: { id: string; label: string }, filter: unknown): MetadataFilter | undefined {
  if (filter === undefined || filter === null || filter === "") return undefined;
  try {
    checkFilter(filter);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) throw nodeError(node, error.message);
    throw error;
  }
  return filter as MetadataFilter;
}
