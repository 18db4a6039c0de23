import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { EmbeddingsProviderError, type Embeddings } from "@/lib/models/embeddings";
import { VectorStoreError } from "./errors";
import type { UpsertLedger } from "./ledger";
import { createMemoryStore } from "./memory-store";
import type { VectorStore } from "./types";
import { upsertChunks, type UpsertTarget } from "./upsert-chunks";

function fakeEmbeddings(fail = false): Embeddings & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    provider: "fake",
    modelName: "fake",
    calls,
    async embedDocuments(texts) {
      calls.push(texts);
      if (fail) throw new EmbeddingsProviderError("Embeddings provider error (fake)");
      return texts.map((text) => [text.length, 1]);
    },
    async embedQuery(text) {
      return [text.length, 1];
    },
  };
}

function memoryLedger(): UpsertLedger & { rows: Set<string> } {
  const rows = new Set<string>();
  return {
    rows,
    async findRecorded(hashes) {
      return new Set(hashes.filter((hash) => rows.has(hash)));
    },
    async record(entries) {
      const inserted = new Set<string>();
      for (const { contentHash } of entries) {
        if (!rows.has(contentHash)) inserted.add(contentHash);
        rows.add(contentHash);
      }
      return inserted;
    },
  };
}

function targetWith(overrides: Partial<UpsertTarget> = {}): UpsertTarget {
  const chatflowId = randomUUID();
  return {
    chatflowId,
    storeNodeId: "store_0",
    embeddings: fakeEmbeddings(),
    store: createMemoryStore(chatflowId, "store_0"),
    ledger: memoryLedger(),
    ...overrides,
  };
}

const chunks = [
  { pageContent: "alpha", metadata: { source: "a.txt", nested: { x: 1 } } },
  { pageContent: "beta", metadata: { source: "a.txt" } },
  { pageContent: "alpha", metadata: { nested: { x: 1 }, source: "a.txt" } },
  { pageContent: "   ", metadata: {} },
];

describe("upsertChunks", () => {
  it("adds each distinct chunk once with scalar metadata and counts repeats as skipped", async () => {
    const target = targetWith();
    const outcome = await upsertChunks(target, chunks);
    expect(outcome.numSkipped).toBe(1);
    expect(outcome.added).toEqual([
      { id: expect.any(String), pageContent: "alpha", metadata: { source: "a.txt", nested: '{"x":1}' } },
      { id: expect.any(String), pageContent: "beta", metadata: { source: "a.txt" } },
    ]);
    expect(await target.store.count()).toBe(2);
  });

  it("skips what is already stored and recorded, without embedding it again", async () => {
    const embeddings = fakeEmbeddings();
    const target = targetWith({ embeddings });
    await upsertChunks(target, chunks);
    const again = await upsertChunks(target, [...chunks, { pageContent: "gamma", metadata: {} }]);
    expect(again.added.map((document) => document.pageContent)).toEqual(["gamma"]);
    expect(again.numSkipped).toBe(3);
    expect(embeddings.calls).toEqual([["alpha", "beta"], ["gamma"]]);
  });

  it("stores again a recorded chunk whose vector went missing", async () => {
    const target = targetWith();
    const first = await upsertChunks(target, [chunks[0]]);
    await target.store.delete([first.added[0].id]);
    const second = await upsertChunks(target, [chunks[0]]);
    expect(second).toEqual({ added: first.added, numSkipped: 0 });
    expect(await target.store.count()).toBe(1);
  });

  it("records nothing and writes nothing when the embeddings fail", async () => {
    const target = targetWith({ embeddings: fakeEmbeddings(true) });
    await expect(upsertChunks(target, chunks)).rejects.toBeInstanceOf(EmbeddingsProviderError);
    expect(await target.store.count()).toBe(0);
    expect((target.ledger as ReturnType<typeof memoryLedger>).rows.size).toBe(0);
  });

  it("removes what it wrote and records nothing when the store fails half-way", async () => {
    const inner = createMemoryStore(randomUUID(), "store_0");
    const store: VectorStore = {
      ...inner,
      upsert: async (stored) => {
        await inner.upsert(stored.slice(0, 1));
        throw new VectorStoreError("Vector store error (test): refused");
      },
    };
    const deleteSpy = vi.spyOn(store, "delete");
    const target = targetWith({ store });
    await expect(upsertChunks(target, chunks)).rejects.toBeInstanceOf(VectorStoreError);
    expect(deleteSpy).toHaveBeenCalledOnce();
    expect(await inner.count()).toBe(0);
    expect((target.ledger as ReturnType<typeof memoryLedger>).rows.size).toBe(0);
  });

  it("counts a chunk another upsert recorded first as skipped", async () => {
    const ledger = memoryLedger();
    const racing: UpsertLedger = {
      findRecorded: ledger.findRecorded,
      async record(entries) {
        ledger.rows.add(entries[0].contentHash); // the other request got there first
        return ledger.record(entries);
      },
    };
    const outcome = await upsertChunks(targetWith({ ledger: racing }), chunks.slice(0, 2));
    expect(outcome.added.map((document) => document.pageContent)).toEqual(["beta"]);
    expect(outcome.numSkipped).toBe(1);
  });

  it("gives the same chunk the same id in the same store, and different ids elsewhere", async () => {
    const target = targetWith();
    const [first] = (await upsertChunks(target, [chunks[1]])).added;
    const [other] = (
      await upsertChunks({ ...target, storeNodeId: "store_1", ledger: memoryLedger() }, [chunks[1]])
    ).added;
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(other.id).not.toBe(first.id);
  });
});
