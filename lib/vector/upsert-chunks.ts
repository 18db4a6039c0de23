import "server-only";
import { log } from "@/lib/log";
import type { Embeddings } from "@/lib/models/embeddings";
import { hashChunk, vectorIdFor } from "./hash";
import type { UpsertLedger } from "./ledger";
import { toScalarMetadata } from "./metadata";
import type { ScalarMetadata, StoredChunk, VectorStore } from "./types";

/** Where chunks go: a store node of a chatflow, with the flow's embeddings. */
export interface UpsertTarget {
  chatflowId: string;
  storeNodeId: string;
  embeddings: Embeddings;
  store: VectorStore;
  ledger: UpsertLedger;
}

export interface ChunkInput {
  pageContent: string;
  metadata: Record<string, unknown>;
}

export interface AddedDocument {
  id: string;
  pageContent: string;
  metadata: ScalarMetadata;
}

export interface UpsertOutcome {
  added: AddedDocument[];
  numSkipped: number;
}

interface Prepared extends AddedDocument {
  contentHash: string;
}

/**
 * Stores the chunks that are not there yet. A chunk is skipped when its hash is recorded for this
 * store node and its vector is still in the store (a record whose vector went missing is healed).
 * Order of effects: embed → write vectors → record. Embeddings or a store failure throw with
 * nothing recorded, and the vectors written by this call are removed again (best effort), so a
 * failed upsert adds nothing; vector ids are derived from the content, so a retry cannot duplicate.
 */
export async function upsertChunks(target: UpsertTarget, chunks: ChunkInput[]): Promise<UpsertOutcome> {
  const { unique, repeats } = prepare(target, chunks);
  const recorded = await target.ledger.findRecorded(unique.map((chunk) => chunk.contentHash));
  const present = await target.store.findExisting(
    unique.filter((chunk) => recorded.has(chunk.contentHash)).map((chunk) => chunk.id),
  );
  const pending = unique.filter((chunk) => !(recorded.has(chunk.contentHash) && present.has(chunk.id)));
  const numSkipped = repeats + unique.length - pending.length;
  if (pending.length === 0) return { added: [], numSkipped };

  const vectors = await target.embeddings.embedDocuments(pending.map((chunk) => chunk.pageContent));
  const stored: StoredChunk[] = pending.map((chunk, index) => ({
    id: chunk.id,
    pageContent: chunk.pageContent,
    metadata: chunk.metadata,
    embedding: vectors[index],
  }));

  let inserted: Set<string>;
  try {
    await target.store.upsert(stored);
    inserted = await target.ledger.record(
      pending.map((chunk) => ({ contentHash: chunk.contentHash, vectorIds: [chunk.id] })),
    );
  } catch (error) {
    await removeQuietly(
      target,
      pending.map((chunk) => chunk.id),
    );
    throw error;
  }
  // Not inserted and not recorded before: a concurrent upsert of the same chunk recorded it first.
  const added = pending.filter((chunk) => inserted.has(chunk.contentHash) || recorded.has(chunk.contentHash));
  return {
    added: added.map(({ id, pageContent, metadata }) => ({ id, pageContent, metadata })),
    numSkipped: numSkipped + pending.length - added.length,
  };
}

function prepare(target: UpsertTarget, chunks: ChunkInput[]) {
  const unique: Prepared[] = [];
  const seen = new Set<string>();
  let repeats = 0;
  for (const chunk of chunks) {
    if (chunk.pageContent.trim() === "") continue;
    const metadata = toScalarMetadata(chunk.metadata);
    const contentHash = hashChunk(chunk.pageContent, metadata);
    if (seen.has(contentHash)) {
      repeats++;
      continue;
    }
    seen.add(contentHash);
    const id = vectorIdFor(target.chatflowId, target.storeNodeId, contentHash);
    unique.push({ id, pageContent: chunk.pageContent, metadata, contentHash });
  }
  return { unique, repeats };
}

async function removeQuietly(target: UpsertTarget, ids: string[]) {
  try {
    await target.store.delete(ids);
  } catch (error) {
    // The store is likely down; the vectors are unrecorded and a retry overwrites them by id.
    log.warn("could not remove vectors of a failed upsert", {
      store: target.store.description,
      count: ids.length,
      error,
    });
  }
}
