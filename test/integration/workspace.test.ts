import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, createMember, errorBody, mockRequests, type Member } from "../support/api";
import { createApiKey, createChatflow, flowData, predict } from "./prediction-helpers";
import { queryDatabase } from "./ops-helpers";
import { chromaClient, readCollection, storeFlow, upsert } from "./upsert-helpers";

// The workspace's data lifecycle: export to one JSON file (never secrets), import into another
// workspace (new ids, references remapped, all or nothing), delete (rows and vectors).

const databaseUrl = inject("databaseUrl");
const hasDatabase = Boolean(databaseUrl);

async function createCredential(member: Member, name: string, apiKey: string) {
  const response = await api("/api/v1/credentials", {
    token: member.token,
    body: { name, credentialName: "openAIApi", plainDataObj: { openAIApiKey: apiKey } },
  });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

async function createTool(member: Member) {
  const response = await api("/api/v1/tools", {
    token: member.token,
    body: {
      name: "shoe_size",
      description: "Converts a shoe size",
      schema: JSON.stringify({ type: "object", properties: { eu: { type: "number" } } }),
      func: "return `US ${$eu - 33}`;",
    },
  });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

/** chatOpenAI (with a credential) → toolAgent ← customTool (a saved tool). */
function agentFlow(toolId: string, credentialId: string) {
  const flow = JSON.parse(
    flowData([
      { id: "chatOpenAI_0", name: "chatOpenAI", inputs: { modelName: "mock-model", temperature: 0 } },
      { id: "customTool_0", name: "customTool", inputs: { selectedTool: toolId } },
      {
        id: "toolAgent_0",
        name: "toolAgent",
        inputs: { model: "{{chatOpenAI_0.data.instance}}", tools: ["{{customTool_0.data.instance}}"] },
      },
    ]),
  );
  flow.nodes[0].data.credential = credentialId;
  return JSON.stringify(flow);
}

const exportOf = (member: Member) => api("/api/v1/workspace/export", { token: member.token });
const importInto = (member: Member, body: unknown) =>
  api("/api/v1/workspace/import", { token: member.token, body });

describe("workspace export and import", () => {
  let source: Member;
  let exported: any;
  let exportText: string;
  const sourceKey = "sk-source-secret-0123456789";
  let apiKey: { id: string; apiKey: string };
  let tool: { id: string };
  let agent: { id: string };

  beforeAll(async () => {
    source = await createMember();
    const credential = await createCredential(source, "OpenAI main", sourceKey);
    tool = await createTool(source);
    apiKey = await createApiKey(source);
    agent = await createChatflow(source, {
      flowData: agentFlow(tool.id, credential.id),
      apikeyid: apiKey.id,
    });
    await createChatflow(source, {
      apiConfig: { rateLimit: { status: true, limitMax: 5, limitDuration: 60 } },
      allowedOrigins: ["https://shop.example"],
    });
    await api(`/api/v1/chatflows/${agent.id}`, {
      method: "PUT",
      token: source.token,
      body: { chatbotConfig: JSON.stringify({ title: "Shoe helper" }) },
    });
    const response = await exportOf(source);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="workspace-${source.workspaceId}-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    exported = response.body;
    exportText = JSON.stringify(exported);
  });

  it("exports chatflows with their settings, tools, and credentials by name and type only", async () => {
    expect(Object.keys(exported)).toEqual([
      "format",
      "version",
      "exportedAt",
      "workspace",
      "credentials",
      "tools",
      "chatflows",
    ]);
    expect(exported).toMatchObject({ format: "chatflow-studio.workspace", version: 1 });
    expect(exported.credentials).toEqual([
      { id: expect.any(String), name: "OpenAI main", credentialName: "openAIApi" },
    ]);
    expect(exported.tools).toEqual([
      {
        id: tool.id,
        name: "shoe_size",
        description: "Converts a shoe size",
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        iconSrc: null,
        schema: '{"type":"object","properties":{"eu":{"type":"number"}}}',
        func: "return `US ${$eu - 33}`;",
      },
    ]);
    expect(exported.chatflows).toHaveLength(2);
    const [first, second] = exported.chatflows;
    expect(Object.keys(first).sort()).toEqual(
      [
        "id",
        "name",
        "flowData",
        "deployed",
        "isPublic",
        "isStreaming",
        "type",
        "category",
        "chatbotConfig",
        "apiConfig",
        "allowedOrigins",
      ].sort(),
    );
    expect(first).toMatchObject({ id: agent.id, chatbotConfig: '{"title":"Shoe helper"}' });
    expect(second).toMatchObject({
      apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 5, limitDuration: 60 } }),
      allowedOrigins: ["https://shop.example"],
    });
  });

  it("never exports a secret: no credential data, API key, key id or password hash", () => {
    expect(exportText).not.toContain(sourceKey);
    expect(exportText).not.toContain(apiKey.apiKey);
    expect(exportText).not.toContain(apiKey.id);
    expect(exportText).not.toMatch(/encryptedData|plainDataObj|passwordHash|keyHash|apikeyid/);
  });

  it("imports into another workspace under new ids, with tools and credentials reconnected, and runs", async () => {
    const target = await createMember();
    const targetKey = "sk-target-key-9876543210";
    const targetCredential = await createCredential(target, "OpenAI main", targetKey);
    const response = await importInto(target, exported);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      tools: [{ id: expect.any(String), sourceId: tool.id, name: "shoe_size" }],
      chatflows: [
        { id: expect.any(String), sourceId: agent.id, name: "Prediction test" },
        { id: expect.any(String), sourceId: exported.chatflows[1].id, name: "Prediction test" },
      ],
      missingCredentials: [],
      unknownTools: [],
    });
    const newTool = response.body.tools[0].id;
    const newAgent = response.body.chatflows[0].id;
    expect(newTool).not.toBe(tool.id);
    expect(newAgent).not.toBe(agent.id);

    const stored = await api(`/api/v1/chatflows/${newAgent}`, { token: target.token });
    expect(stored.body).toMatchObject({
      workspaceId: target.workspaceId,
      apikeyid: null,
      chatbotConfig: '{"title":"Shoe helper"}',
    });
    const nodes = JSON.parse(stored.body.flowData).nodes;
    expect(nodes[0].data.credential).toBe(targetCredential.id);
    expect(nodes[1].data.inputs.selectedTool).toBe(newTool);

    const marker = `size-${Date.now()}`;
    const question = `${marker} [[tool:shoe_size {"eu":42}]] thanks`;
    const answer = await predict(newAgent, { question }, { token: target.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      text: "Tool said: US 9",
      usedTools: [{ tool: "shoe_size", toolInput: { eu: 42 }, toolOutput: "US 9" }],
    });
    const sent = await mockRequests(marker);
    expect((sent[0] as { authorization?: string }).authorization).toBe(`Bearer ${targetKey}`);

    // The source workspace is untouched.
    const sourceTools = await api("/api/v1/tools", { token: source.token });
    expect(sourceTools.body.map((item: { id: string }) => item.id)).toEqual([tool.id]);
  });

  it("removes and reports credential references without a match of the same name and type", async () => {
    const target = await createMember();
    const response = await importInto(target, exported);
    expect(response.status).toBe(201);
    expect(response.body.missingCredentials).toEqual([
      { sourceId: exported.credentials[0].id, name: "OpenAI main", credentialName: "openAIApi" },
    ]);
    const stored = await api(`/api/v1/chatflows/${response.body.chatflows[0].id}`, { token: target.token });
    expect(JSON.parse(stored.body.flowData).nodes[0].data).not.toHaveProperty("credential");
  });

  it("refuses an invalid file with 400 naming the paths, and imports nothing of it", async () => {
    const target = await createMember();
    const broken = {
      ...exported,
      chatflows: [exported.chatflows[0], { ...exported.chatflows[1], flowData: "not json" }],
    };
    const response = await importInto(target, broken);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ...errorBody(
        400,
        "Invalid workspace file: chatflows.1.flowData: flowData must be a JSON string with nodes and edges arrays",
      ),
      details: [
        {
          path: "chatflows.1.flowData",
          message: "flowData must be a JSON string with nodes and edges arrays",
        },
      ],
    });
    const wrongFormat = await importInto(target, { tools: [] });
    expect(wrongFormat.status).toBe(400);
    expect(wrongFormat.body.details).toEqual([
      { path: "format", message: 'format must be "chatflow-studio.workspace"' },
      { path: "version", message: "version must be 1" },
    ]);
    expect((await api("/api/v1/chatflows", { token: target.token })).body).toEqual([]);
    expect((await api("/api/v1/tools", { token: target.token })).body).toEqual([]);
    expect((await api("/api/v1/workspace/import", { body: exported })).status).toBe(401);
  });

  it.skipIf(!hasDatabase)(
    "imports nothing, tools included, when the chatflows exceed the plan's limit",
    async () => {
      const target = await createMember();
      await queryDatabase(databaseUrl, `UPDATE "Workspace" SET "maxChatflows" = 1 WHERE id = $1`, [
        target.workspaceId,
      ]);
      const response = await importInto(target, exported);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(
        errorBody(403, "Chatflow limit reached: your plan allows 1 chatflow and the import would make 2"),
      );
      expect((await api("/api/v1/tools", { token: target.token })).headers.get("x-total-count")).toBe("0");
    },
  );
});

describe.skipIf(!hasDatabase)("DELETE /api/v1/workspace", () => {
  it("deletes every row of the workspace and its Chroma vectors; users stay but cannot log in to it", async () => {
    const owner = await createMember();
    const store = await createChatflow(owner, { flowData: storeFlow() });
    const stored = await upsert(
      store.id,
      { documents: [{ pageContent: "Penguins live in the southern hemisphere.", metadata: {} }] },
      { token: owner.token },
    );
    expect(stored.body).toMatchObject({ status: "success", numAdded: 1 });
    expect((await readCollection(`cfs_${store.id}`)).ids).toHaveLength(1);
    const chat = await createChatflow(owner);
    expect((await predict(chat.id, { question: "hello" })).status).toBe(200);
    await createTool(owner);
    await createCredential(owner, "OpenAI", "sk-delete-me-0123456789");
    await createApiKey(owner);

    // A second member (not the owner) of the same workspace may not delete it.
    const other = await createMember();
    await queryDatabase(
      databaseUrl,
      `INSERT INTO "WorkspaceMember" (id, "workspaceId", "userId", role) VALUES (gen_random_uuid(), $1, $2, 'member')`,
      [owner.workspaceId, other.userId],
    );
    const memberLogin = await api("/api/v1/auth/token", {
      body: { email: other.email, password: other.password, workspaceId: owner.workspaceId },
    });
    expect(memberLogin.status).toBe(200);
    const refused = await api("/api/v1/workspace", { method: "DELETE", token: memberLogin.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody(403, "Only the workspace owner can delete the workspace"));
    expect((await api("/api/v1/workspace", { method: "DELETE" })).status).toBe(401);

    const deleted = await api("/api/v1/workspace", { method: "DELETE", token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Workspace deleted" });

    for (const table of [
      "ChatFlow",
      "Tool",
      "Credential",
      "ApiKey",
      "ChatMessage",
      "PredictionRun",
      "UpsertRecord",
      "WorkspaceMember",
    ]) {
      const [row] = await queryDatabase(
        databaseUrl,
        `SELECT count(*)::int AS n FROM "${table}" WHERE "workspaceId" = $1`,
        [owner.workspaceId],
      );
      expect({ table, rows: row.n }).toEqual({ table, rows: 0 });
    }
    expect(
      await queryDatabase(databaseUrl, `SELECT id FROM "Workspace" WHERE id = $1`, [owner.workspaceId]),
    ).toEqual([]);
    await expect(chromaClient().getCollection({ name: `cfs_${store.id}` })).rejects.toThrow();

    const users = await queryDatabase(databaseUrl, `SELECT id FROM "User" WHERE id = ANY($1::uuid[])`, [
      [owner.userId, other.userId],
    ]);
    expect(users).toHaveLength(2);
    const ownerLogin = await api("/api/v1/auth/token", {
      body: { email: owner.email, password: owner.password },
    });
    expect(ownerLogin.status).toBe(401);
    // Tokens issued before the deletion no longer open anything.
    const staleToken = await api("/api/v1/tools", {
      token: owner.token,
      body: { name: "t", description: "d", func: "return 1" },
    });
    expect(staleToken.status).toBe(401);
    expect(staleToken.body).toEqual(errorBody(401, "Invalid or expired token"));
    // The other member still has their own workspace.
    const otherLogin = await api("/api/v1/auth/token", {
      body: { email: other.email, password: other.password },
    });
    expect(otherLogin.status).toBe(200);
    expect(otherLogin.body.workspaceId).toBe(other.workspaceId);
  });
});
