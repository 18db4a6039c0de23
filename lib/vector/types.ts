// The shapes vector stores take and give. A store keeps chunks under ids the upsert pipeline
// chooses (lib/vector/hash.ts), so writing the same chunk twice overwrites instead of duplicating.

/** Chroma accepts only scalar metadata values; every store keeps the same rule. */
export type MetadataValue = string | number | boolean;
export type ScalarMetadata = Record<string, MetadataValue>;

/**
 * A metadata filter in Chroma's `where` language: `{key: value}`, `{key: {$eq|$ne|$gt|$gte|$lt|$lte|$in|$nin: …}}`,
 * `{$and: [...]}`, `{$or: [...]}`. Several keys in one object mean all of them.
 */
export type MetadataFilter = Record<string, unknown>;

export interface StoredChunk {
  id: string;
  pageContent: string;
  metadata: ScalarMetadata;
  embedding: number[];
}

export interface ScoredDocument {
  id: string;
  pageContent: string;
  metadata: ScalarMetadata;
  /** Cosine similarity to the query, 1 = same direction. */
  score: number;
}

export interface VectorStore {
  /** For logs and errors: "chroma cfs_…", "memory …". */
  readonly description: string;
  /** Writes (or overwrites) the chunks. Throws VectorStoreError. */
  upsert(chunks: StoredChunk[]): Promise<void>;
  delete(ids: string[]): Promise<void>;
  /** Which of these ids the store holds. */
  findExisting(ids: string[]): Promise<Set<string>>;
  /** The `k` nearest chunks by cosine similarity, best first. */
  query(embedding: number[], k: number, filter?: MetadataFilter): Promise<ScoredDocument[]>;
  count(): Promise<number>;
}
