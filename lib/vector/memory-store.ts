import { VectorStoreError } from "./errors";
import { compileFilter } from "./filter";
import type { MetadataFilter, ScalarMetadata, ScoredDocument, StoredChunk, VectorStore } from "./types";

// An in-process store for flows without Chroma: one collection per chatflow and store node, exact
// cosine search by a linear scan. Vectors live in this process only, so they are lost on restart
// and not shared between instances (documented in docs/api.md, "Vector upsert").

interface Entry {
  pageContent: string;
  metadata: ScalarMetadata;
  /** Normalised to length 1, so cosine similarity is a dot product. */
  unit: Float32Array;
}

const holder = globalThis as typeof globalThis & {
  __chatflowMemoryVectors?: Map<string, Map<string, Entry>>;
};
const collections = (holder.__chatflowMemoryVectors ??= new Map());

const toCollectionKey = (chatflowId: string, nodeId: string) => `${chatflowId}\n${nodeId}`;

export function createMemoryStore(chatflowId: string, nodeId: string): VectorStore {
  const key = toCollectionKey(chatflowId, nodeId);
  const entries = () => collections.get(key);

  return {
    description: `memory ${nodeId}`,
    async upsert(chunks: StoredChunk[]) {
      let collection = entries();
      const dimensions = collection?.values().next().value?.unit.length ?? chunks[0]?.embedding.length;
      const mismatch = chunks.find((chunk) => chunk.embedding.length !== dimensions);
      if (mismatch) {
        throw new VectorStoreError(
          `Vector store error (memory ${nodeId}): expected embeddings of ${dimensions} dimensions, got ${mismatch.embedding.length}`,
        );
      }
      if (!collection) collections.set(key, (collection = new Map()));
      for (const chunk of chunks) {
        collection.set(chunk.id, {
          pageContent: chunk.pageContent,
          metadata: chunk.metadata,
          unit: normalize(chunk.embedding),
        });
      }
    },
    async delete(ids: string[]) {
      const collection = entries();
      for (const id of ids) collection?.delete(id);
    },
    async findExisting(ids: string[]) {
      const collection = entries();
      return new Set(ids.filter((id) => collection?.has(id)));
    },
    async query(embedding: number[], k: number, filter?: MetadataFilter) {
      const collection = entries();
      if (!collection || k <= 0) return [];
      const query = normalize(embedding);
      const matches = compileFilter(filter);
      const best: ScoredDocument[] = [];
      for (const [id, entry] of collection) {
        if (entry.unit.length !== query.length || !matches(entry.metadata)) continue;
        const score = dot(query, entry.unit);
        if (best.length === k && score <= best[k - 1].score) continue;
        insertSorted(best, { id, pageContent: entry.pageContent, metadata: entry.metadata, score }, k);
      }
      return best;
    },
    async count() {
      return entries()?.size ?? 0;
    },
  };
}

/** Drops every memory collection of a chatflow. */
export function deleteMemoryVectors(chatflowId: string): void {
  for (const key of collections.keys()) if (key.startsWith(`${chatflowId}\n`)) collections.delete(key);
}

function normalize(vector: number[]): Float32Array {
  const unit = Float32Array.from(vector);
  let sum = 0;
  for (const value of unit) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < unit.length; i++) unit[i] /= norm;
  return unit;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** Keeps `list` sorted by score, best first, at most `limit` long. */
function insertSorted(list: ScoredDocument[], item: ScoredDocument, limit: number) {
  let index = list.length;
  while (index > 0 && list[index - 1].score < item.score) index--;
  list.splice(index, 0, item);
  if (list.length > limit) list.pop();
}
