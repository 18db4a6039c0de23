// The public face of lib/vector: the only owner of Chroma, the memory store, and the upsert pipeline.

export { createChromaStore, deploymentChroma, type ChromaServer } from "./chroma-store";
export { defaultCollectionName, resolveCollectionName } from "./collection-name";
export { deleteChatflowVectors } from "./delete";
export { VectorStoreError } from "./errors";
export { checkFilter } from "./filter";
export { databaseLedger, type UpsertLedger } from "./ledger";
export { createMemoryStore } from "./memory-store";
export {
  upsertChunks,
  type AddedDocument,
  type ChunkInput,
  type UpsertOutcome,
  type UpsertTarget,
} from "./upsert-chunks";
export type { MetadataFilter, ScalarMetadata, ScoredDocument, StoredChunk, VectorStore } from "./types";
