import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "@/lib/db/connect";
import { applyMigrations, readMigrations, type SqlExecutor } from "@/lib/db/migrate.mjs";
import { createTestDatabase } from "../support/database.mjs";

// Applies every migration to an empty database of each kind and exercises every model, so the
// Prisma schema and the SQL cannot drift apart unnoticed.

async function exerciseEveryModel(connection: DatabaseConnection) {
  const db = connection.prisma;
  const user = await db.user.create({ data: { email: `m-${Date.now()}@example.test`, passwordHash: "x" } });
  const workspace = await db.workspace.create({ data: { name: "W", maxChatflows: 3 } });
  await db.workspaceMember.create({ data: { workspaceId: workspace.id, userId: user.id, role: "owner" } });
  const apiKey = await db.apiKey.create({
    data: { workspaceId: workspace.id, keyName: "k", keyHash: `h-${Date.now()}`, keyPrefix: "cfs_abc" },
  });
  await db.credential.create({
    data: { workspaceId: workspace.id, name: "c", credentialName: "openAIApi", encryptedData: "v1:x" },
  });
  await db.tool.create({
    data: {
      workspaceId: workspace.id,
      name: "t",
      description: "d",
      color: "#112233",
      schema: "{}",
      func: "return 1",
    },
  });
  const chatflow = await db.chatFlow.create({
    data: {
      workspaceId: workspace.id,
      name: "f",
      flowData: '{"nodes":[],"edges":[]}',
      apikeyid: apiKey.id,
      allowedOrigins: ["https://a.example"],
    },
  });
  await db.chatMessage.create({
    data: {
      workspaceId: workspace.id,
      chatflowId: chatflow.id,
      chatId: "c1",
      sessionId: "s1",
      role: "user",
      content: "hi",
    },
  });
  await db.upsertRecord.create({
    data: {
      workspaceId: workspace.id,
      chatflowId: chatflow.id,
      storeNodeId: "chroma_0",
      contentHash: "abc",
      vectorIds: ["v1"],
    },
  });

  await db.predictionRun.create({
    data: {
      workspaceId: workspace.id,
      chatflowId: chatflow.id,
      chatId: "c1",
      sessionId: "s1",
      status: "success",
      durationMs: 12,
      model: "m",
      promptTokens: 3,
      completionTokens: 2,
      totalTokens: 5,
      streaming: true,
    },
  });

  const loaded = await db.workspace.findUniqueOrThrow({
    where: { id: workspace.id },
    include: {
      members: true,
      apiKeys: true,
      credentials: true,
      tools: true,
      chatflows: true,
      messages: true,
      upserts: true,
      runs: true,
    },
  });
  expect(loaded.members).toHaveLength(1);
  expect(loaded.chatflows[0]).toMatchObject({
    type: "CHATFLOW",
    isStreaming: true,
    deployed: false,
    isPublic: false,
    allowedOrigins: ["https://a.example"],
  });
  expect(loaded.upserts[0].vectorIds).toEqual(["v1"]);
  expect(loaded.runs[0]).toMatchObject({ status: "success", totalTokens: 5, errorMessage: null });

  // Deleting an API key unbinds chatflows; deleting a workspace removes everything it owns.
  await db.apiKey.delete({ where: { id: apiKey.id } });
  expect((await db.chatFlow.findUniqueOrThrow({ where: { id: chatflow.id } })).apikeyid).toBeNull();
  await db.workspace.delete({ where: { id: workspace.id } });
  expect(await db.chatMessage.count({ where: { workspaceId: workspace.id } })).toBe(0);
  expect(await db.upsertRecord.count({ where: { workspaceId: workspace.id } })).toBe(0);
  expect(await db.predictionRun.count({ where: { workspaceId: workspace.id } })).toBe(0);
  expect(await db.workspaceMember.count({ where: { userId: user.id } })).toBe(0);
}

describe("migrations", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("apply to an empty PGlite, once, and support every model", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-migrate-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await connectDatabase({ dataDir });
    const all = (await readMigrations()).map((migration) => migration.name);
    expect(first.appliedMigrations).toEqual(all);
    await exerciseEveryModel(first);
    await first.close();

    const reopened = await connectDatabase({ dataDir });
    expect(reopened.appliedMigrations).toEqual([]);
    await reopened.close();
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "apply to an empty PostgreSQL, once, and support every model",
    async () => {
      const database = await createTestDatabase(process.env.DATABASE_URL!);
      cleanups.push(database.drop);
      const first = await connectDatabase({ databaseUrl: database.url, dataDir: "unused" });
      expect(first.appliedMigrations.length).toBeGreaterThan(0);
      await exerciseEveryModel(first);
      await first.close();
      const again = await connectDatabase({ databaseUrl: database.url, dataDir: "unused" });
      expect(again.appliedMigrations).toEqual([]);
      await again.close();
    },
  );

  it.skipIf(!process.env.DATABASE_URL)("apply once when several instances start together", async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    cleanups.push(database.drop);
    const connections = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, dataDir: "unused" })),
    );
    const applied = connections.map((connection) => connection.appliedMigrations);
    expect(applied.flat().sort()).toEqual((await readMigrations()).map((migration) => migration.name).sort());
    await Promise.all(connections.map((connection) => connection.close()));
  });

  it("refuse a migration that changed after it was applied, and roll back a failing one", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = new PGlite();
    const executor: SqlExecutor = {
      query: async <Row>(sql: string, params?: unknown[]) => ({
        rows: (await pglite.query<Row>(sql, params)).rows,
      }),
      exec: async (sql) => void (await pglite.exec(sql)),
    };
    const original = { name: "001_a", sql: "CREATE TABLE a (id int);", checksum: "one" };
    expect(await applyMigrations(executor, [original])).toEqual(["001_a"]);
    await expect(applyMigrations(executor, [{ ...original, checksum: "two" }])).rejects.toThrow(
      "Migration 001_a was changed after it was applied",
    );
    const broken = {
      name: "002_b",
      sql: "CREATE TABLE b (id int); SELECT nope FROM missing;",
      checksum: "x",
    };
    await expect(applyMigrations(executor, [original, broken])).rejects.toThrow();
    const tables = await pglite.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'b'`,
    );
    expect(tables.rows[0].n).toBe(0);
    const recorded = await pglite.query<{ name: string }>(
      `SELECT name FROM "_AppliedMigration" ORDER BY name`,
    );
    expect(recorded.rows.map((row) => row.name)).toEqual(["001_a"]);
    await pglite.close();
  }, 120_000);
});
