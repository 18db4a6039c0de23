import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { api, createMember, errorBody, type Member } from "../support/api";

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const databaseUrl = inject("databaseUrl");

/** A Flowise-shaped flow: chat model → ending node (+ a sticky note and optional extra nodes). */
function flowJson(
  ending = "conversationChain",
  options: { streaming?: boolean; loader?: string; loaderFeedsStore?: boolean } = {},
) {
  const nodes: object[] = [
    {
      id: "chatOpenAI_0",
      position: { x: 0, y: 0 },
      type: "customNode",
      data: {
        id: "chatOpenAI_0",
        name: "chatOpenAI",
        inputs: { modelName: "mock-model", streaming: options.streaming ?? true },
      },
    },
    {
      id: "end_0",
      position: { x: 300, y: 0 },
      type: "customNode",
      data: {
        id: "end_0",
        name: ending,
        inputs: { model: "{{chatOpenAI_0.data.instance}}", memory: "{{bufferMemory_0.data.instance}}" },
      },
    },
    {
      id: "bufferMemory_0",
      position: { x: 0, y: 150 },
      type: "customNode",
      data: { id: "bufferMemory_0", name: "bufferMemory", inputs: {} },
    },
    {
      id: "note_0",
      position: { x: 0, y: 300 },
      type: "stickyNote",
      data: { id: "note_0", name: "stickyNote", inputs: {} },
    },
  ];
  const edges: object[] = [
    { id: "e1", source: "chatOpenAI_0", sourceHandle: "a", target: "end_0", targetHandle: "b" },
    { id: "e3", source: "bufferMemory_0", sourceHandle: "m", target: "end_0", targetHandle: "n" },
  ];
  if (ending === "toolAgent") {
    nodes.push({
      id: "calculator_0",
      position: { x: 0, y: 450 },
      type: "customNode",
      data: { id: "calculator_0", name: "calculator", inputs: {} },
    });
    edges.push({ id: "e4", source: "calculator_0", sourceHandle: "t", target: "end_0", targetHandle: "u" });
    Object.assign((nodes[1] as { data: { inputs: object } }).data.inputs, {
      tools: ["{{calculator_0.data.instance}}"],
    });
  }
  if (options.loader) {
    nodes.push({
      id: "loader_0",
      position: { x: 0, y: 600 },
      type: "customNode",
      data: { id: "loader_0", name: options.loader },
    });
    if (options.loaderFeedsStore === false) {
      edges.push({ id: "e2", source: "loader_0", sourceHandle: "c", target: "end_0", targetHandle: "d" });
    } else {
      nodes.push({
        id: "chroma_0",
        position: { x: 150, y: 600 },
        type: "customNode",
        data: { id: "chroma_0", name: "chroma" },
      });
      edges.push({ id: "e2", source: "loader_0", sourceHandle: "c", target: "chroma_0", targetHandle: "d" });
      edges.push({ id: "e5", source: "chroma_0", sourceHandle: "r", target: "end_0", targetHandle: "v" });
    }
  }
  return JSON.stringify({ nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } });
}

const flowData = flowJson();

async function createChatflow(member: Member, fields: Record<string, unknown> = {}) {
  const response = await api("/api/v1/chatflows", {
    token: member.token,
    body: { name: "Support bot", flowData, ...fields },
  });
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function createApiKey(member: Member, keyName = "key") {
  const response = await api("/api/v1/apikey", { token: member.token, body: { keyName } });
  return response.body as { id: string; apiKey: string };
}

/** The Chatflow of API.md with the create defaults, overridden by `fields`. */
function chatflowWith(member: Member, fields: Record<string, unknown> = {}) {
  return {
    id: uuid,
    name: "Support bot",
    flowData,
    deployed: false,
    isPublic: false,
    apikeyid: null,
    type: "CHATFLOW",
    category: null,
    chatbotConfig: null,
    apiConfig: null,
    allowedOrigins: [],
    isStreaming: true,
    workspaceId: member.workspaceId,
    createdDate: isoDate,
    updatedDate: isoDate,
    ...fields,
  };
}

const validationError = (path: string, message: string) => ({
  ...errorBody(400, `Invalid request body: ${path ? `${path}: ` : ""}${message}`),
  details: [{ path, message }],
});

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("chatflow CRUD", () => {
  it("creates a chatflow with the defaults and returns the whole Chatflow", async () => {
    const member = await createMember();
    const response = await api("/api/v1/chatflows", {
      token: member.token,
      body: { name: "Support bot", flowData },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(chatflowWith(member));
    expect(response.body.createdDate).toBe(response.body.updatedDate);
  });

  it("creates with every field, ignores server-set fields, and reads it back", async () => {
    const member = await createMember();
    const key = await createApiKey(member);
    const chatbotConfig = JSON.stringify({
      title: "Help",
      welcomeMessage: "Hi!",
      botMessage: { backgroundColor: "#f7f8ff", showAvatar: true },
      starterPrompts: { 0: { prompt: "What can you do?" } },
      customWidgetSetting: [1, 2],
    });
    const apiConfig = JSON.stringify({
      rateLimit: { status: true, limitMax: 10, limitDuration: 60, limitMsg: "Slow down" },
      overrideConfig: { status: false },
    });
    const body = {
      id: "11111111-1111-1111-1111-111111111111",
      workspaceId: "22222222-2222-2222-2222-222222222222",
      createdDate: "2000-01-01T00:00:00.000Z",
      name: "  Full bot ",
      flowData,
      deployed: true,
      isPublic: true,
      apikeyid: key.id,
      type: "AGENTFLOW",
      category: " sales ; support ",
      chatbotConfig,
      apiConfig,
      allowedOrigins: ["https://Shop.Example.com/", "http://localhost:3000", "https://shop.example.com:443"],
      isStreaming: false,
    };
    const created = await api("/api/v1/chatflows", { token: member.token, body });
    expect(created.status).toBe(201);
    const expected = chatflowWith(member, {
      name: "Full bot",
      deployed: true,
      isPublic: true,
      apikeyid: key.id,
      type: "AGENTFLOW",
      category: "sales;support",
      chatbotConfig,
      apiConfig,
      allowedOrigins: ["https://shop.example.com", "http://localhost:3000"],
      isStreaming: false,
    });
    expect(created.body).toEqual(expected);
    expect(created.body.id).not.toBe(body.id);
    expect(created.body.createdDate).not.toBe(body.createdDate);

    const read = await api(`/api/v1/chatflows/${created.body.id}`, { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const list = await api("/api/v1/chatflows", { token: member.token });
    expect(list.body).toEqual([created.body]);
  });

  it("lists newest change first, paginates and sends X-Total-Count", async () => {
    const member = await createMember();
    const first = await createChatflow(member, { name: "first" });
    const second = await createChatflow(member, { name: "second" });
    const third = await createChatflow(member, { name: "third" });
    await sleep(5);
    await api(`/api/v1/chatflows/${first.id}`, {
      method: "PUT",
      token: member.token,
      body: { deployed: true },
    });

    const all = await api("/api/v1/chatflows", { token: member.token });
    expect(all.status).toBe(200);
    expect(all.headers.get("x-total-count")).toBe("3");
    expect(all.body.map((flow: { name: string }) => flow.name)).toEqual(["first", "third", "second"]);
    expect(all.body[1]).toEqual(third);

    const pageOne = await api("/api/v1/chatflows?limit=2&page=1", { token: member.token });
    const pageTwo = await api("/api/v1/chatflows?limit=2&page=2", { token: member.token });
    const pageThree = await api("/api/v1/chatflows?limit=2&page=3", { token: member.token });
    expect(pageOne.body.map((flow: { id: string }) => flow.id)).toEqual([first.id, third.id]);
    expect(pageTwo.body.map((flow: { id: string }) => flow.id)).toEqual([second.id]);
    expect(pageThree.body).toEqual([]);
    for (const page of [pageOne, pageTwo, pageThree]) expect(page.headers.get("x-total-count")).toBe("3");
  });

  it("rejects out-of-range pagination", async () => {
    const member = await createMember();
    const tooMany = await api("/api/v1/chatflows?limit=501", { token: member.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual(errorBody(400, "limit must be between 1 and 500"));
    const zero = await api("/api/v1/chatflows?page=0", { token: member.token });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual(errorBody(400, "page must be a positive integer"));
  });

  it("filters by type", async () => {
    const member = await createMember();
    const agent = await createChatflow(member, { name: "agent", type: "AGENTFLOW" });
    const chat = await createChatflow(member, { name: "chat" });
    const agents = await api("/api/v1/chatflows?type=AGENTFLOW", { token: member.token });
    expect(agents.body).toEqual([agent]);
    expect(agents.headers.get("x-total-count")).toBe("1");
    expect((await api("/api/v1/chatflows?type=CHATFLOW", { token: member.token })).body).toEqual([chat]);
    expect((await api("/api/v1/chatflows?type=ASSISTANT", { token: member.token })).body).toEqual([]);
    const bad = await api("/api/v1/chatflows?type=chatflow", { token: member.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      errorBody(400, "type must be one of CHATFLOW, AGENTFLOW, MULTIAGENT, ASSISTANT"),
    );
  });

  it("filters by one exact category among ;-separated categories", async () => {
    const member = await createMember();
    const both = await createChatflow(member, { name: "both", category: "sales;support" });
    const force = await createChatflow(member, { name: "force", category: "salesforce" });
    await createChatflow(member, { name: "none" });
    const names = async (query: string) => {
      const response = await api(`/api/v1/chatflows?${query}`, { token: member.token });
      expect(response.headers.get("x-total-count")).toBe(String(response.body.length));
      return response.body.map((flow: { name: string }) => flow.name);
    };
    expect(await names("category=sales")).toEqual(["both"]);
    expect(await names("category=support")).toEqual(["both"]);
    expect(await names("category=salesforce")).toEqual(["force"]);
    expect(await names("category=sup")).toEqual([]);
    expect(await names("category=sales%3Bsupport")).toEqual([]);
    expect(await names(`category=sales&type=CHATFLOW&limit=1`)).toEqual(["both"]);
    expect((await api("/api/v1/chatflows?category=support", { token: member.token })).body).toEqual([both]);
    expect(force.category).toBe("salesforce");
  });

  it("changes only the fields sent, and updatedDate on every update", async () => {
    const member = await createMember();
    const created = await createChatflow(member, { category: "a", allowedOrigins: ["https://a.example"] });
    await sleep(5);
    const renamed = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { name: "Renamed", isPublic: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created, name: "Renamed", isPublic: true, updatedDate: isoDate });
    expect(Date.parse(renamed.body.updatedDate)).toBeGreaterThan(Date.parse(created.updatedDate));

    const empty = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: {},
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ ...renamed.body, updatedDate: isoDate });
    expect(Date.parse(empty.body.updatedDate)).toBeGreaterThan(Date.parse(renamed.body.updatedDate));

    const cleared = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { category: null, allowedOrigins: [], chatbotConfig: '{"title":"T"}', type: "MULTIAGENT" },
    });
    expect(cleared.body).toEqual({
      ...empty.body,
      category: null,
      allowedOrigins: [],
      chatbotConfig: '{"title":"T"}',
      type: "MULTIAGENT",
      updatedDate: isoDate,
    });
    expect((await api(`/api/v1/chatflows/${created.id}`, { token: member.token })).body).toEqual(
      cleared.body,
    );
  });

  it("moves updatedDate forward even for back-to-back updates", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    const dates = [created.updatedDate];
    for (let i = 0; i < 5; i++) {
      const response = await api(`/api/v1/chatflows/${created.id}`, {
        method: "PUT",
        token: member.token,
        body: {},
      });
      dates.push(response.body.updatedDate);
    }
    const instants = dates.map((date) => Date.parse(date));
    for (let i = 1; i < instants.length; i++) expect(instants[i]).toBeGreaterThan(instants[i - 1]);
  });

  it("binds and unbinds an API key of the workspace", async () => {
    const member = await createMember();
    const key = await createApiKey(member);
    const created = await createChatflow(member);
    const bound = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { apikeyid: key.id },
    });
    expect(bound.body.apikeyid).toBe(key.id);
    const unbound = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { apikeyid: "" },
    });
    expect(unbound.status).toBe(200);
    expect(unbound.body.apikeyid).toBeNull();
  });

  it("deletes a chatflow", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    const deleted = await api(`/api/v1/chatflows/${created.id}`, { method: "DELETE", token: member.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Chatflow deleted" });
    const read = await api(`/api/v1/chatflows/${created.id}`, { token: member.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual(errorBody(404, "Chatflow not found"));
    const again = await api(`/api/v1/chatflows/${created.id}`, { method: "DELETE", token: member.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(errorBody(404, "Chatflow not found"));
  });

  it.skipIf(!databaseUrl)("deletes the chatflow's messages and upsert records with it", async () => {
    const member = await createMember();
    const doomed = await createChatflow(member);
    const kept = await createChatflow(member);
    await withDatabase(async (client) => {
      for (const chatflowId of [doomed.id, kept.id]) {
        await client.query(
          `INSERT INTO "ChatMessage" (id, "workspaceId", "chatflowId", "chatId", "sessionId", role, content)
           VALUES (gen_random_uuid(), $1, $2, 'chat-1', 'chat-1', 'user', 'hello')`,
          [member.workspaceId, chatflowId],
        );
        await client.query(
          `INSERT INTO "UpsertRecord" (id, "workspaceId", "chatflowId", "storeNodeId", "contentHash")
           VALUES (gen_random_uuid(), $1, $2, 'chroma_0', 'hash')`,
          [member.workspaceId, chatflowId],
        );
      }
    });
    expect(
      (await api(`/api/v1/chatflows/${doomed.id}`, { method: "DELETE", token: member.token })).status,
    ).toBe(200);
    await withDatabase(async (client) => {
      const count = async (table: string, chatflowId: string) =>
        (
          await client.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "chatflowId" = $1`, [
            chatflowId,
          ])
        ).rows[0].n;
      expect(await count("ChatMessage", doomed.id)).toBe(0);
      expect(await count("UpsertRecord", doomed.id)).toBe(0);
      expect(await count("ChatMessage", kept.id)).toBe(1);
      expect(await count("UpsertRecord", kept.id)).toBe(1);
    });
  });
});

describe("chatflow validation", () => {
  const flowDataMessage = "flowData must be a JSON string with nodes and edges arrays";
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ["a missing name", { flowData }, "name", "name is required"],
    ["a blank name", { name: "   ", flowData }, "name", "name is required"],
    [
      "a name over 200 characters",
      { name: "x".repeat(201), flowData },
      "name",
      "name must be at most 200 characters",
    ],
    ["a missing flowData", { name: "a" }, "flowData", "flowData is required"],
    ["flowData that is not JSON", { name: "a", flowData: "{nodes" }, "flowData", flowDataMessage],
    ["flowData without edges", { name: "a", flowData: '{"nodes": []}' }, "flowData", flowDataMessage],
    ["flowData as an object", { name: "a", flowData: { nodes: [], edges: [] } }, "flowData", flowDataMessage],
    [
      "a node without an id",
      { name: "a", flowData: '{"nodes": [{"data": {}}], "edges": []}' },
      "flowData",
      "flowData.nodes[0] must be an object with a string id",
    ],
    [
      "a non-boolean deployed",
      { name: "a", flowData, deployed: "yes" },
      "deployed",
      "deployed must be a boolean",
    ],
    [
      "a non-boolean isPublic",
      { name: "a", flowData, isPublic: 1 },
      "isPublic",
      "isPublic must be a boolean",
    ],
    [
      "a non-boolean isStreaming",
      { name: "a", flowData, isStreaming: null },
      "isStreaming",
      "isStreaming must be a boolean",
    ],
    [
      "an unknown type",
      { name: "a", flowData, type: "WORKFLOW" },
      "type",
      "type must be one of CHATFLOW, AGENTFLOW, MULTIAGENT, ASSISTANT",
    ],
    [
      "a non-string category",
      { name: "a", flowData, category: 5 },
      "category",
      "category must be a string or null",
    ],
    [
      "chatbotConfig that is not JSON",
      { name: "a", flowData, chatbotConfig: "{title" },
      "chatbotConfig",
      "chatbotConfig must be null or a JSON string of an object",
    ],
    [
      "chatbotConfig that is an array",
      { name: "a", flowData, chatbotConfig: "[1]" },
      "chatbotConfig",
      "chatbotConfig must be null or a JSON string of an object",
    ],
    [
      "chatbotConfig with a mistyped known key",
      { name: "a", flowData, chatbotConfig: '{"textInput": {"maxChars": "many"}}' },
      "chatbotConfig.textInput.maxChars",
      "textInput.maxChars must be a number",
    ],
    [
      "apiConfig with a non-positive limit",
      {
        name: "a",
        flowData,
        apiConfig: '{"rateLimit": {"status": true, "limitMax": -1, "limitDuration": 60}}',
      },
      "apiConfig.rateLimit.limitMax",
      "rateLimit.limitMax must be a positive integer",
    ],
    [
      "apiConfig with a non-boolean overrideConfig.status",
      { name: "a", flowData, apiConfig: '{"overrideConfig": {"status": "no"}}' },
      "apiConfig.overrideConfig.status",
      "overrideConfig.status must be a boolean",
    ],
    [
      "apiConfig given as an object",
      { name: "a", flowData, apiConfig: { rateLimit: { status: false } } },
      "apiConfig",
      "apiConfig must be null or a JSON string of an object",
    ],
    [
      "an origin with a path",
      { name: "a", flowData, allowedOrigins: ["https://ok.example", "https://shop.example.com/store"] },
      "allowedOrigins.1",
      'allowedOrigins[1] "https://shop.example.com/store" is not an origin (scheme://host[:port], http or https)',
    ],
    [
      "an origin that is not http(s)",
      { name: "a", flowData, allowedOrigins: ["ftp://files.example"] },
      "allowedOrigins.0",
      'allowedOrigins[0] "ftp://files.example" is not an origin (scheme://host[:port], http or https)',
    ],
    [
      "allowedOrigins that is not an array",
      { name: "a", flowData, allowedOrigins: "https://a.example" },
      "allowedOrigins",
      "allowedOrigins must be an array of origins",
    ],
    [
      "a non-string apikeyid",
      { name: "a", flowData, apikeyid: 7 },
      "apikeyid",
      "apikeyid must be a string or null",
    ],
    ["an unknown field", { name: "a", flowData, ispublic: true }, "", 'Unrecognized key: "ispublic"'],
  ];

  it.each(cases)("rejects %s with 400", async (_label, body, path, message) => {
    const member = await createMember();
    const response = await api("/api/v1/chatflows", { token: member.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationError(path, message));
    expect((await api("/api/v1/chatflows", { token: member.token })).body).toEqual([]);
  });

  it("validates the fields sent on update the same way", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    const response = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { flowData: '{"edges": []}' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationError("flowData", flowDataMessage));
    const emptyName = await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { name: "" },
    });
    expect(emptyName.body).toEqual(validationError("name", "name is required"));
    expect((await api(`/api/v1/chatflows/${created.id}`, { token: member.token })).body).toEqual(created);
  });

  it("rejects an apikeyid that is not an API key of this workspace", async () => {
    const member = await createMember();
    const stranger = await createMember();
    const strangersKey = await createApiKey(stranger);
    const created = await createChatflow(member);
    const expected = validationError("apikeyid", "apikeyid must be an API key of this workspace");
    for (const apikeyid of [strangersKey.id, "33333333-3333-3333-3333-333333333333", "not-a-uuid"]) {
      const onCreate = await api("/api/v1/chatflows", {
        token: member.token,
        body: { name: "a", flowData, apikeyid },
      });
      expect(onCreate.status).toBe(400);
      expect(onCreate.body).toEqual(expected);
      const onUpdate = await api(`/api/v1/chatflows/${created.id}`, {
        method: "PUT",
        token: member.token,
        body: { apikeyid },
      });
      expect(onUpdate.status).toBe(400);
      expect(onUpdate.body).toEqual(expected);
    }
  });

  it("rejects a malformed JSON body", async () => {
    const member = await createMember();
    const response = await api("/api/v1/chatflows", {
      method: "POST",
      token: member.token,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody(400, "Malformed JSON body"));
  });
});

describe("chatflow access", () => {
  it("answers 401 without credentials on every member endpoint", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/v1/chatflows"],
      ["POST", "/api/v1/chatflows", { name: "a", flowData }],
      ["GET", `/api/v1/chatflows/${created.id}`],
      ["PUT", `/api/v1/chatflows/${created.id}`, { name: "hijacked" }],
      ["DELETE", `/api/v1/chatflows/${created.id}`],
      ["GET", `/api/v1/chatflows/has-changed/${created.id}/${created.updatedDate}`],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await api(path, { method, body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual(errorBody(401, "Authentication required"));
      const badToken = await api(path, { method, body, token: "not-a-jwt" });
      expect(badToken.status, `${method} ${path}`).toBe(401);
      expect(badToken.body).toEqual(errorBody(401, "Invalid or expired token"));
    }
    expect((await api(`/api/v1/chatflows/${created.id}`, { token: member.token })).body).toEqual(created);
  });

  it("answers 404 for another workspace's chatflow and never lists it", async () => {
    const owner = await createMember();
    const stranger = await createMember();
    const created = await createChatflow(owner);
    const notFound = errorBody(404, "Chatflow not found");
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/v1/chatflows/${created.id}`],
      ["PUT", `/api/v1/chatflows/${created.id}`, { name: "hijacked" }],
      ["DELETE", `/api/v1/chatflows/${created.id}`],
      ["GET", `/api/v1/chatflows/has-changed/${created.id}/${created.updatedDate}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(path, { method, body, token: stranger.token });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual(notFound);
    }
    const list = await api("/api/v1/chatflows", { token: stranger.token });
    expect(list.body).toEqual([]);
    expect(list.headers.get("x-total-count")).toBe("0");
    expect((await api(`/api/v1/chatflows/${created.id}`, { token: owner.token })).body).toEqual(created);
  });

  it("answers 404 for a malformed id", async () => {
    const member = await createMember();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await api("/api/v1/chatflows/not-a-uuid", {
        method,
        token: member.token,
        body: method === "PUT" ? {} : undefined,
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(errorBody(404, "Chatflow not found"));
    }
  });
});

describe("GET /chatflows/apikey/{apikey}", () => {
  it("lists the key's chatflows and the unbound ones, or only the key's with keyonly", async () => {
    const member = await createMember();
    const stranger = await createMember();
    const key = await createApiKey(member, "bound");
    const otherKey = await createApiKey(member, "other");
    const bound = await createChatflow(member, { name: "bound", apikeyid: key.id });
    const unbound = await createChatflow(member, { name: "unbound" });
    await createChatflow(member, { name: "other key", apikeyid: otherKey.id });
    await createChatflow(stranger, { name: "stranger's unbound" });

    const withUnbound = await api(`/api/v1/chatflows/apikey/${key.apiKey}`);
    expect(withUnbound.status).toBe(200);
    expect(withUnbound.body).toEqual([unbound, bound]);
    expect(withUnbound.headers.get("x-total-count")).toBe("2");

    const keyOnly = await api(`/api/v1/chatflows/apikey/${key.apiKey}?keyonly=true`);
    expect(keyOnly.status).toBe(200);
    expect(keyOnly.body).toEqual([bound]);
    expect(keyOnly.headers.get("x-total-count")).toBe("1");

    const explicitFalse = await api(`/api/v1/chatflows/apikey/${key.apiKey}?keyonly=false`);
    expect(explicitFalse.body).toEqual([unbound, bound]);
  });

  it("answers 401 for an unknown key and 400 for a bad keyonly", async () => {
    for (const unknown of ["cfs_doesnotexist", "something-else"]) {
      const response = await api(`/api/v1/chatflows/apikey/${unknown}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(errorBody(401, "Invalid API key"));
    }
    const member = await createMember();
    const key = await createApiKey(member);
    const bad = await api(`/api/v1/chatflows/apikey/${key.apiKey}?keyonly=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody(400, "keyonly must be true or false"));
  });
});

describe("GET /chatflows/has-changed/{id}/{lastUpdatedDateTime}", () => {
  it("answers false for the current updatedDate and true after an update", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    const same = await api(`/api/v1/chatflows/has-changed/${created.id}/${created.updatedDate}`, {
      token: member.token,
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ hasChanged: false });

    const encoded = encodeURIComponent(created.updatedDate);
    expect(
      (await api(`/api/v1/chatflows/has-changed/${created.id}/${encoded}`, { token: member.token })).body,
    ).toEqual({
      hasChanged: false,
    });

    await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { name: "changed" },
    });
    const changed = await api(`/api/v1/chatflows/has-changed/${created.id}/${created.updatedDate}`, {
      token: member.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ hasChanged: true });
  });

  it("compares instants, whatever the time zone of the timestamp", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    const instant = new Date(created.updatedDate);
    const plusTwo = new Date(instant.getTime() + 2 * 3600_000).toISOString().replace("Z", "+02:00");
    const response = await api(`/api/v1/chatflows/has-changed/${created.id}/${encodeURIComponent(plusTwo)}`, {
      token: member.token,
    });
    expect(response.body).toEqual({ hasChanged: false });
  });

  it.each(["yesterday", "2026-02-30T00:00:00.000Z", "2026-11-22", "1700000000000"])(
    "answers 400 for the timestamp %s",
    async (timestamp) => {
      const member = await createMember();
      const created = await createChatflow(member);
      const response = await api(`/api/v1/chatflows/has-changed/${created.id}/${timestamp}`, {
        token: member.token,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        errorBody(400, "lastUpdatedDateTime must be an ISO 8601 timestamp such as 2026-11-22T10:00:00.000Z"),
      );
    },
  );
});

describe("GET /chatflows-streaming/{id}", () => {
  it("answers the effective value without credentials", async () => {
    const member = await createMember();
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [{ flowData: flowJson("conversationChain") }, true],
      [{ flowData: flowJson("toolAgent") }, true],
      [{ flowData: flowJson("conversationChain"), isStreaming: false }, false],
      [{ flowData: flowJson("conversationChain", { streaming: false }) }, false],
      [{ flowData: flowJson("chatPromptTemplate") }, false],
      [{ flowData: '{"nodes": [], "edges": []}' }, false],
    ];
    for (const [fields, expected] of cases) {
      const created = await createChatflow(member, fields);
      const response = await api(`/api/v1/chatflows-streaming/${created.id}`);
      expect(response.status).toBe(200);
      expect(response.body, JSON.stringify(fields)).toEqual({ isStreaming: expected });
    }
  });

  it("follows updates of isStreaming", async () => {
    const member = await createMember();
    const created = await createChatflow(member);
    await api(`/api/v1/chatflows/${created.id}`, {
      method: "PUT",
      token: member.token,
      body: { isStreaming: false },
    });
    expect((await api(`/api/v1/chatflows-streaming/${created.id}`)).body).toEqual({ isStreaming: false });
  });

  it("answers 404 as JSON for an unknown or malformed id", async () => {
    for (const id of ["44444444-4444-4444-4444-444444444444", "nope"]) {
      const response = await api(`/api/v1/chatflows-streaming/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body).toEqual(errorBody(404, "Chatflow not found"));
    }
  });
});

describe("GET /public-chatbotConfig/{id}", () => {
  const noUploads = {
    isSpeechToTextEnabled: false,
    isImageUploadAllowed: false,
    isRAGFileUploadAllowed: false,
    imgUploadSizeAndTypes: [],
    fileUploadSizeAndTypes: [],
  };

  it("answers a public chatflow's parsed chatbotConfig plus uploads, and nothing else", async () => {
    const member = await createMember();
    const key = await createApiKey(member);
    const chatbotConfig = {
      title: "Help desk",
      welcomeMessage: "Hello!",
      starterPrompts: ["Hours?"],
      theme: { dark: true },
    };
    const created = await createChatflow(member, {
      isPublic: true,
      apikeyid: key.id,
      chatbotConfig: JSON.stringify(chatbotConfig),
      apiConfig: '{"rateLimit": {"status": false}}',
    });
    const response = await api(`/api/v1/public-chatbotConfig/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...chatbotConfig, uploads: noUploads });
    const text = JSON.stringify(response.body);
    for (const secret of [
      "chatOpenAI",
      "nodes",
      "flowData",
      key.id,
      key.apiKey,
      "rateLimit",
      member.workspaceId,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers only uploads when the chatflow has no chatbotConfig", async () => {
    const member = await createMember();
    const created = await createChatflow(member, { isPublic: true });
    expect((await api(`/api/v1/public-chatbotConfig/${created.id}`)).body).toEqual({ uploads: noUploads });
  });

  it("allows file uploads when the flow has a file loader", async () => {
    const member = await createMember();
    const created = await createChatflow(member, {
      isPublic: true,
      flowData: flowJson("conversationalRetrievalQAChain", { loader: "pdfFile" }),
    });
    const response = await api(`/api/v1/public-chatbotConfig/${created.id}`);
    expect(response.body).toEqual({
      uploads: {
        ...noUploads,
        isRAGFileUploadAllowed: true,
        fileUploadSizeAndTypes: [{ fileTypes: [".pdf"], maxUploadSize: 50 }],
      },
    });
  });

  it("does not allow file uploads when the flow's loader feeds no vector store", async () => {
    const member = await createMember();
    const created = await createChatflow(member, {
      isPublic: true,
      flowData: flowJson("conversationalRetrievalQAChain", { loader: "pdfFile", loaderFeedsStore: false }),
    });
    const response = await api(`/api/v1/public-chatbotConfig/${created.id}`);
    expect(response.body).toEqual({ uploads: noUploads });
  });

  it("answers 404 for a private, unknown or malformed chatflow id", async () => {
    const member = await createMember();
    const privateFlow = await createChatflow(member, { chatbotConfig: '{"title": "secret"}' });
    for (const id of [privateFlow.id, "55555555-5555-5555-5555-555555555555", "nope"]) {
      const response = await api(`/api/v1/public-chatbotConfig/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(errorBody(404, "Chatflow not found"));
    }
    await api(`/api/v1/chatflows/${privateFlow.id}`, {
      method: "PUT",
      token: member.token,
      body: { isPublic: true },
    });
    expect((await api(`/api/v1/public-chatbotConfig/${privateFlow.id}`)).body).toEqual({
      title: "secret",
      uploads: noUploads,
    });
  });
});

describe.skipIf(!databaseUrl)("plan limit", () => {
  const setLimit = (workspaceId: string, limit: number | null) =>
    withDatabase((client) =>
      client.query(`UPDATE "Workspace" SET "maxChatflows" = $1 WHERE id = $2`, [limit, workspaceId]),
    );

  it("answers 403 naming the limit once the workspace has maxChatflows chatflows", async () => {
    const member = await createMember();
    await setLimit(member.workspaceId, 2);
    await createChatflow(member, { name: "one" });
    await createChatflow(member, { name: "two" });
    const third = await api("/api/v1/chatflows", { token: member.token, body: { name: "three", flowData } });
    expect(third.status).toBe(403);
    expect(third.body).toEqual(errorBody(403, "Chatflow limit reached: your plan allows 2 chatflows"));
    expect((await api("/api/v1/chatflows", { token: member.token })).headers.get("x-total-count")).toBe("2");

    const [first] = (await api("/api/v1/chatflows", { token: member.token })).body;
    await api(`/api/v1/chatflows/${first.id}`, { method: "DELETE", token: member.token });
    expect(
      (await api("/api/v1/chatflows", { token: member.token, body: { name: "three", flowData } })).status,
    ).toBe(201);

    await setLimit(member.workspaceId, null);
    expect(
      (await api("/api/v1/chatflows", { token: member.token, body: { name: "four", flowData } })).status,
    ).toBe(201);
  });

  it("says chatflow in the singular for a limit of 1 and never lets concurrent creates overshoot", async () => {
    const member = await createMember();
    await setLimit(member.workspaceId, 1);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        api("/api/v1/chatflows", { token: member.token, body: { name: `race ${index}`, flowData } }),
      ),
    );
    expect(attempts.filter((response) => response.status === 201)).toHaveLength(1);
    const refused = attempts.filter((response) => response.status === 403);
    expect(refused).toHaveLength(5);
    expect(refused[0].body).toEqual(errorBody(403, "Chatflow limit reached: your plan allows 1 chatflow"));
    expect((await api("/api/v1/chatflows", { token: member.token })).headers.get("x-total-count")).toBe("1");
  });
});
