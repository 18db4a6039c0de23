import type { Document, FileType, SourceFile, TextSplitter } from "@/lib/documents";
import type { Embeddings } from "@/lib/models/embeddings";
import type { MetadataFilter, ScoredDocument, UpsertTarget } from "@/lib/vector";
import type { SourceDocument } from "./types";

// Instances of the retrieval nodes (loaders, splitters, embeddings, vector stores), added to the
// engine's InstanceTypes so that anchors of these base classes are typed.

/** What a loader node builds. Nothing is read until the upsert layer asks. */
export interface DocumentLoaderInstance {
  kind: "documentLoader";
  node: { id: string; label: string };
  /** File types it reads from upload requests; empty for plainText, which reads only text. */
  fileTypes: readonly FileType[];
  splitter?: TextSplitter;
  /** The node's `metadata` input, put on every document it loads. */
  metadata: Record<string, unknown>;
  /** Documents from the node's own content (its text, or the file stored in the node); none when empty. */
  loadOwn(): Promise<Document[]>;
  /** A request file of one of `fileTypes`, read with the node's options. */
  loadFile(file: SourceFile): Promise<Document[]>;
}

/** How a vector store node takes an upsert: its loaders and where their chunks go. */
export interface StoreUpsertPlan {
  node: { id: string; label: string };
  loaders: DocumentLoaderInstance[];
  target: UpsertTarget;
}

export interface RetrieverInstance {
  kind: "retriever";
  /** The most relevant stored chunks for the query, best first. */
  retrieve(query: string, signal: AbortSignal): Promise<SourceDocument[]>;
  upsertPlan?: StoreUpsertPlan;
}

export interface VectorStoreInstance {
  kind: "vectorStore";
  similaritySearch(
    query: string,
    options: { k?: number; filter?: MetadataFilter; signal: AbortSignal },
  ): Promise<ScoredDocument[]>;
  asRetriever(options?: { k?: number; filter?: MetadataFilter }): RetrieverInstance;
  upsertPlan: StoreUpsertPlan;
}

declare module "./types" {
  interface InstanceTypes {
    Embeddings: Embeddings;
    TextSplitter: TextSplitter;
    Document: DocumentLoaderInstance;
    BaseRetriever: RetrieverInstance;
    VectorStoreRetriever: RetrieverInstance;
    VectorStore: VectorStoreInstance;
  }
}
