import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mockRequests } from "../support/api";
import { conversationFlow, predict } from "./prediction-helpers";
import {
  call,
  createFreshDatabase,
  signUpAt,
  startOpsApp,
  testAuthSecret,
  testEncryptionKey,
  type AppMember,
  type OpsApp,
} from "./ops-helpers";
import { chatModelNode, storeFlow } from "./upsert-helpers";

// Two instances of the app, on different ports, sharing one PostgreSQL database, one Redis and one
// Chroma (docs/deploy.md "several app instances"), behave as one: rate limits, conversations,
// chatflow edits and vectors are seen by both.

const hasDatabase = Boolean(inject("databaseUrl"));

describe.skipIf(!hasDatabase)("two app instances", () => {
  let database: Awaited<ReturnType<typeof createFreshDatabase>>;
  let one: OpsApp;
  let two: OpsApp;
  let member: AppMember;

  beforeAll(async () => {
    database = await createFreshDatabase();
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: inject("redisUrl"),
      CHROMA_URL: inject("chromaUrl"),
      AUTH_SECRET: testAuthSecret(),
      ENCRYPTION_KEY: testEncryptionKey(),
      LOG_LEVEL: "warn",
    };
    // Started together: the migration lock lets only one of them create the tables.
    [one, two] = await Promise.all([startOpsApp("scale-one", shared), startOpsApp("scale-two", shared)]);
    member = await signUpAt(one.url);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.drop();
  });

  async function createChatflow(app: OpsApp, body: Record<string, unknown>) {
    const response = await call(app.url, "/api/v1/chatflows", {
      token: member.token,
      body: { name: "Scale-out", isPublic: true, ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string };
  }

  it("accepts a login token made by the other instance", async () => {
    const listed = await call(two.url, "/api/v1/chatflows", { token: member.token });
    expect(listed.status).toBe(200);
  });

  it("counts a rate limit across both instances", async () => {
    const chatflow = await createChatflow(one, {
      flowData: conversationFlow(),
      apiConfig: JSON.stringify({
        rateLimit: { status: true, limitMax: 3, limitDuration: 60, limitMsg: "Shared limit" },
      }),
    });
    const statuses: number[] = [];
    for (const [index, app] of [one, two, one, two, one].entries()) {
      statuses.push((await predict(chatflow.id, { question: `q${index}` }, { app: app.url })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("continues on one instance a conversation started on the other", async () => {
    const chatflow = await createChatflow(one, { flowData: conversationFlow() });
    const chatId = randomUUID();
    const first = `My name is Zed ${randomUUID()}`;
    expect((await predict(chatflow.id, { question: first, chatId }, { app: one.url })).status).toBe(200);
    const second = `What is my name? ${randomUUID()}`;
    const answer = await predict(chatflow.id, { question: second, chatId }, { app: two.url });
    expect(answer.status).toBe(200);
    const [sent] = await mockRequests(second);
    const turns = sent.body.messages.map((message: { role: string; content: string }) => [
      message.role,
      message.content,
    ]);
    expect(turns).toEqual([
      ["system", "You are a helpful assistant."],
      ["user", first],
      ["assistant", `Echo: ${first}`],
      ["user", second],
    ]);
  });

  it("uses on its next prediction a chatflow edited through the other instance", async () => {
    const chatflow = await createChatflow(one, { flowData: conversationFlow() });
    const before = `before ${randomUUID()}`;
    expect((await predict(chatflow.id, { question: before }, { app: two.url })).status).toBe(200);
    expect((await mockRequests(before))[0].body.model).toBe("mock-model");

    const edited = JSON.parse(conversationFlow({ modelName: "mock-model-edited" }));
    edited.nodes[2].data.inputs.systemMessagePrompt = "You answer in haiku.";
    const update = await call(one.url, `/api/v1/chatflows/${chatflow.id}`, {
      method: "PUT",
      token: member.token,
      body: { flowData: JSON.stringify(edited) },
    });
    expect(update.status).toBe(200);

    const after = `after ${randomUUID()}`;
    expect((await predict(chatflow.id, { question: after }, { app: two.url })).status).toBe(200);
    const [sent] = await mockRequests(after);
    expect(sent.body.model).toBe("mock-model-edited");
    expect(sent.body.messages[0]).toEqual({ role: "system", content: "You answer in haiku." });
  });

  it("retrieves through one instance what was upserted through the other", async () => {
    const chatflow = await createChatflow(one, {
      flowData: storeFlow({
        consumers: [
          chatModelNode,
          {
            id: "retrievalQAChain_0",
            name: "retrievalQAChain",
            inputs: {
              model: "{{chatOpenAI_0.data.instance}}",
              vectorStoreRetriever: "{{chroma_0.data.instance}}",
            },
          },
        ],
      }),
    });
    const fact = `The scale-out lighthouse ${randomUUID()} is painted red and white.`;
    const stored = await call(one.url, `/api/v1/vector/internal-upsert/${chatflow.id}`, {
      token: member.token,
      body: { documents: [{ pageContent: fact, metadata: { source: "scale-out" } }] },
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ numAdded: 1 });

    const answer = await predict(
      chatflow.id,
      { question: "What colour is the lighthouse?" },
      { app: two.url },
    );
    expect(answer.status).toBe(200);
    expect(
      answer.body.sourceDocuments.map((document: { pageContent: string }) => document.pageContent),
    ).toEqual([fact]);
  });

  it("reports both instances healthy on the shared services", async () => {
    for (const app of [one, two]) {
      const health = await call(app.url, "/api/v1/health");
      expect(health.status).toBe(200);
      expect(health.body.dependencies.redis).toMatchObject({ status: "ok", backend: "redis" });
    }
  });
});
