import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { NodeServices } from "@/lib/nodes/types";

// The engine's database reads (memory, tools, credentials) against the real PostgreSQL of the run.
// They load through the engine's own module, connected to the test database from this process.

const databaseUrl = inject("databaseUrl");
const encryptionKey = randomBytes(32).toString("hex");

describe.skipIf(!databaseUrl)("engine database services", () => {
  let client: pg.Client;
  let services: NodeServices;
  let encrypt: (value: unknown) => string;
  const workspaceId = randomUUID();
  const otherWorkspaceId = randomUUID();
  const chatflowId = randomUUID();

  beforeAll(async () => {
    process.env.DATABASE_URL = databaseUrl;
    process.env.ENCRYPTION_KEY = encryptionKey;
    process.env.AUTH_SECRET = randomBytes(32).toString("base64url");
    services = (await import("@/lib/engine/services")).databaseServices;
    const { encryptJson } = await import("@/lib/credentials/crypto");
    encrypt = (value) => encryptJson(value, Buffer.from(encryptionKey, "hex"));

    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const id of [workspaceId, otherWorkspaceId]) {
      await client.query(`INSERT INTO "Workspace" (id, name, "updatedDate") VALUES ($1, 'w', now())`, [id]);
    }
    await client.query(
      `INSERT INTO "ChatFlow" (id, "workspaceId", name, "flowData", "updatedDate") VALUES ($1, $2, 'f', '{}', now())`,
      [chatflowId, workspaceId],
    );
  });

  afterAll(async () => {
    await client?.query(`DELETE FROM "Workspace" WHERE id = ANY($1)`, [[workspaceId, otherWorkspaceId]]);
    await client?.end();
  });

  async function addMessage(sessionId: string, role: string, content: string, at: string) {
    await client.query(
      `INSERT INTO "ChatMessage" (id, "workspaceId", "chatflowId", "chatId", "sessionId", role, content, "createdDate")
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
      [randomUUID(), workspaceId, chatflowId, sessionId, role, content, at],
    );
  }

  it("reads the last messages of a session in order, a question before its answer of the same instant", async () => {
    await addMessage("s1", "user", "q1", "2026-01-01T00:00:01.000Z");
    await addMessage("s1", "assistant", "a1", "2026-01-01T00:00:02.000Z");
    await addMessage("s1", "assistant", "a2", "2026-01-01T00:00:03.000Z");
    await addMessage("s1", "user", "q2", "2026-01-01T00:00:03.000Z");
    await addMessage("s2", "user", "other session", "2026-01-01T00:00:04.000Z");

    expect(await services.loadChatMessages({ workspaceId, chatflowId, sessionId: "s1", limit: 10 })).toEqual([
      { role: "user", content: "q1" },
      { role: "assistant", content: "a1" },
      { role: "user", content: "q2" },
      { role: "assistant", content: "a2" },
    ]);
    expect(await services.loadChatMessages({ workspaceId, chatflowId, sessionId: "s1", limit: 2 })).toEqual([
      { role: "user", content: "q2" },
      { role: "assistant", content: "a2" },
    ]);
    expect(await services.loadChatMessages({ workspaceId: otherWorkspaceId, chatflowId, sessionId: "s1", limit: 10 })).toEqual(
      [],
    );
  });

  it("loads a tool of the workspace only", async () => {
    const id = randomUUID();
    await client.query(
      `INSERT INTO "Tool" (id, "workspaceId", name, description, color, schema, func, "updatedDate")
       VALUES ($1, $2, 'Weather', 'd', '#000000', '{"type":"object"}', 'return 1', now())`,
      [id, workspaceId],
    );
    expect(await services.loadTool(workspaceId, id)).toEqual({
      id,
      name: "Weather",
      description: "d",
      schema: '{"type":"object"}',
      func: "return 1",
    });
    expect(await services.loadTool(otherWorkspaceId, id)).toBeNull();
    expect(await services.loadTool(workspaceId, "not-a-uuid")).toBeNull();
  });

  it("decrypts a credential of the workspace only", async () => {
    const id = randomUUID();
    await client.query(
      `INSERT INTO "Credential" (id, "workspaceId", name, "credentialName", "encryptedData", "updatedDate")
       VALUES ($1, $2, 'k', 'openAIApi', $3, now())`,
      [id, workspaceId, encrypt({ openAIApiKey: "sk-stored" })],
    );
    expect(await services.loadCredential(workspaceId, id)).toEqual({
      credentialName: "openAIApi",
      data: { openAIApiKey: "sk-stored" },
    });
    expect(await services.loadCredential(otherWorkspaceId, id)).toBeNull();
  });
});
