import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMemoryStore, deleteMemoryVectors } from "./memory-store";

const chunk = (id: string, embedding: number[], metadata: Record<string, string | number> = {}) => ({
  id,
  pageContent: `text ${id}`,
  metadata,
  embedding,
});

describe("createMemoryStore", () => {
  it("answers the nearest chunks by cosine similarity, best first", async () => {
    const store = createMemoryStore(randomUUID(), "node");
    await store.upsert([chunk("a", [1, 0, 0]), chunk("b", [0, 1, 0]), chunk("c", [1, 1, 0])]);
    const found = await store.query([2, 0.1, 0], 2);
    expect(found.map((document) => document.id)).toEqual(["a", "c"]);
    expect(found[0].score).toBeCloseTo(0.9988, 3);
    expect(found[0]).toMatchObject({ pageContent: "text a", metadata: {} });
  });

  it("filters by metadata before ranking", async () => {
    const store = createMemoryStore(randomUUID(), "node");
    await store.upsert([chunk("a", [1, 0], { kind: "x" }), chunk("b", [0.9, 0.1], { kind: "y" })]);
    const found = await store.query([1, 0], 5, { kind: "y" });
    expect(found.map((document) => document.id)).toEqual(["b"]);
  });

  it("overwrites by id, deletes and counts", async () => {
    const store = createMemoryStore(randomUUID(), "node");
    await store.upsert([chunk("a", [1, 0]), chunk("b", [0, 1])]);
    await store.upsert([chunk("a", [0, 1])]);
    expect(await store.count()).toBe(2);
    expect(await store.findExisting(["a", "z"])).toEqual(new Set(["a"]));
    await store.delete(["a"]);
    expect(await store.count()).toBe(1);
  });

  it("keeps chatflows and nodes apart, and drops a chatflow's collections", async () => {
    const chatflowId = randomUUID();
    const first = createMemoryStore(chatflowId, "one");
    const second = createMemoryStore(chatflowId, "two");
    const other = createMemoryStore(randomUUID(), "one");
    await first.upsert([chunk("a", [1, 0])]);
    await other.upsert([chunk("a", [1, 0])]);
    expect(await second.count()).toBe(0);
    deleteMemoryVectors(chatflowId);
    expect(await first.count()).toBe(0);
    expect(await other.count()).toBe(1);
  });

  it("refuses vectors of another length than the collection's", async () => {
    const store = createMemoryStore(randomUUID(), "node");
    await store.upsert([chunk("a", [1, 0])]);
    await expect(store.upsert([chunk("b", [1, 0, 0])])).rejects.toMatchObject({
      name: "VectorStoreError",
      message: "Vector store error (memory node): expected embeddings of 2 dimensions, got 3",
    });
  });
});
