import "server-only";
import { ChromaClient, ChromaNotFoundError, type Collection, type Metadata } from "chromadb";
import { env } from "@/lib/env";
import { VectorStoreError } from "./errors";
import { toChromaWhere } from "./filter";
import type { MetadataFilter, ScalarMetadata, ScoredDocument, StoredChunk, VectorStore } from "./types";

// The only module that talks to Chroma. Collections are created with no embedding function (the
// default one cannot run here, and embeddings always come from the flow's own node) and cosine space.

export interface ChromaServer {
  url: string;
  apiKey?: string;
}

// Requests stay well under Chroma's max batch (5461 on 1.0) and under a few MB of JSON each: up to
// 2,000 short vectors per write (fewer round trips: a 10,000-chunk upsert of 64-dimension vectors
// writes 40% faster than in batches of 500), about 500 of OpenAI's 1,536 dimensions.
const writeBatchSizeFor = (dimensions: number) =>
  Math.max(100, Math.min(2000, Math.floor(800_000 / Math.max(1, dimensions))));
const readBatchSize = 2000;

const clients = new Map<string, ChromaClient>();

/** The deployment's Chroma (CHROMA_URL, CHROMA_API_KEY); a VectorStoreError when none is configured. */
export function deploymentChroma(): ChromaServer {
  if (!env.CHROMA_URL) {
    throw new VectorStoreError(
      "Vector store error (chroma): no Chroma server is configured (set CHROMA_URL or use npm start)",
    );
  }
  return { url: env.CHROMA_URL, apiKey: env.CHROMA_API_KEY };
}

function clientFor(server: ChromaServer): ChromaClient {
  const key = `${server.url}\n${server.apiKey ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const url = parseServerUrl(server.url);
    client = new ChromaClient({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
      ssl: url.protocol === "https:",
      headers: server.apiKey ? { "x-chroma-token": server.apiKey } : undefined,
    });
    clients.set(key, client);
  }
  return client;
}

function parseServerUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // reported below
  }
  throw new VectorStoreError(`Vector store error (chroma): "${value.slice(0, 100)}" is not an http(s) URL`);
}

export function createChromaStore(server: ChromaServer, collectionName: string): VectorStore {
  const description = `chroma ${collectionName}`;
  const client = () => clientFor(server);
  let collection: Collection | undefined;

  const guard = async <T>(operation: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof VectorStoreError) throw error;
      throw new VectorStoreError(
        `Vector store error (${description}, ${operation}): ${describeChromaError(error)}`,
        {
          cause: error,
        },
      );
    }
  };

  async function writable(): Promise<Collection> {
    collection ??= await client().getOrCreateCollection({
      name: collectionName,
      embeddingFunction: null,
      configuration: { hnsw: { space: "cosine" } },
    });
    return collection;
  }

  /** The collection, or undefined when it does not exist yet (reads never create it). */
  async function readable(): Promise<Collection | undefined> {
    if (collection) return collection;
    try {
      collection = await client().getCollection({ name: collectionName });
      return collection;
    } catch (error) {
      if (error instanceof ChromaNotFoundError) return undefined;
      throw error;
    }
  }

  return {
    description,
    upsert: (chunks: StoredChunk[]) =>
      guard("write", async () => {
        if (chunks.length === 0) return;
        const target = await writable();
        const writeBatchSize = writeBatchSizeFor(chunks[0].embedding.length);
        for (let start = 0; start < chunks.length; start += writeBatchSize) {
          const batch = chunks.slice(start, start + writeBatchSize);
          await target.upsert({
            ids: batch.map((chunk) => chunk.id),
            embeddings: batch.map((chunk) => chunk.embedding),
            documents: batch.map((chunk) => chunk.pageContent),
            // Chroma refuses an empty metadata object but takes null.
            metadatas: batch.map((chunk) =>
              Object.keys(chunk.metadata).length > 0 ? chunk.metadata : null,
            ) as Metadata[],
          });
        }
      }),
    delete: (ids: string[]) =>
      guard("delete", async () => {
        const target = await readable();
        if (!target) return;
        for (let start = 0; start < ids.length; start += readBatchSize) {
          await target.delete({ ids: ids.slice(start, start + readBatchSize) });
        }
      }),
    findExisting: (ids: string[]) =>
      guard("read", async () => {
        const found = new Set<string>();
        const target = ids.length > 0 ? await readable() : undefined;
        if (!target) return found;
        for (let start = 0; start < ids.length; start += readBatchSize) {
          const result = await target.get({ ids: ids.slice(start, start + readBatchSize), include: [] });
          for (const id of result.ids) found.add(id);
        }
        return found;
      }),
    query: (embedding: number[], k: number, filter?: MetadataFilter) =>
      guard("query", async () => {
        const where = toChromaWhere(filter);
        const target = k > 0 ? await readable() : undefined;
        if (!target) return [];
        const result = await target.query({
          queryEmbeddings: [embedding],
          nResults: k,
          where: where as never,
          include: ["documents", "metadatas", "distances"] as never,
        });
        const ids = result.ids[0] ?? [];
        return ids.map((id, index): ScoredDocument => ({
          id,
          pageContent: result.documents[0]?.[index] ?? "",
          metadata: cleanMetadata(result.metadatas[0]?.[index]),
          score: 1 - (result.distances?.[0]?.[index] ?? 1),
        }));
      }),
    count: () =>
      guard("count", async () => {
        const target = await readable();
        return target ? target.count() : 0;
      }),
  };
}

/** Deletes a whole collection; a missing one is not an error. */
export async function deleteChromaCollection(server: ChromaServer, collectionName: string): Promise<void> {
  try {
    await clientFor(server).deleteCollection({ name: collectionName });
  } catch (error) {
    if (error instanceof ChromaNotFoundError) return;
    throw new VectorStoreError(
      `Vector store error (chroma ${collectionName}, delete): ${describeChromaError(error)}`,
      {
        cause: error,
      },
    );
  }
}

function cleanMetadata(metadata: Record<string, unknown> | null | undefined): ScalarMetadata {
  const clean: ScalarMetadata = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      clean[key] = value;
  }
  return clean;
}

// Client errors name the server's URL; the message reaches API clients, the URL stays in the log.
function describeChromaError(error: unknown): string {
  const name = error instanceof Error ? error.name : "Error";
  if (name === "ChromaConnectionError") return "the Chroma server is unreachable";
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/https?:\/\/\S+/g, "<chroma>").slice(0, 300);
}
