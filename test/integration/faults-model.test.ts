import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, createMember, mockRequests, type Member } from "../support/api";
import { waitFor } from "../support/processes";
import { createChatflow, flowData, parseSse, predict } from "./prediction-helpers";

// The model server misbehaving (the mock's failure models): HTTP 500 and 429, a malformed body, an
// answer that never comes, a stream cut in the middle. A prediction answers 502 (JSON) or, once a
// stream has started, an in-band `error` event then `end`; it never hangs and never stores half an
// exchange. And a client that goes away mid-stream cancels the model request.

const hasDatabase = Boolean(inject("databaseUrl"));
let db: pg.Client | undefined;
let member: Member;

beforeAll(async () => {
  member = await createMember();
  if (hasDatabase) {
    db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
  }
});
afterAll(async () => {
  await db?.end();
});

const unique = (text: string) => `${text} ${crypto.randomUUID().slice(0, 8)}`;
const TIMEOUT_MS = 1_500;

function modelFlow(modelName: string, streaming: boolean) {
  return flowData([
    {
      id: "chatOpenAI_0",
      name: "chatOpenAI",
      inputs: { modelName, temperature: 0, streaming, timeout: TIMEOUT_MS },
    },
    { id: "bufferMemory_0", name: "bufferMemory", inputs: { memoryKey: "chat_history" } },
    {
      id: "conversationChain_0",
      name: "conversationChain",
      inputs: { model: "{{chatOpenAI_0.data.instance}}", memory: "{{bufferMemory_0.data.instance}}" },
    },
  ]);
}

async function storedMessages(chatflowId: string) {
  if (!db) return [];
  const { rows } = await db.query(
    `SELECT role, content FROM "ChatMessage" WHERE "chatflowId" = $1 ORDER BY "createdDate", role DESC`,
    [chatflowId],
  );
  return rows;
}

const failures: Array<[model: string, message: RegExp]> = [
  ["mock-error-500", /^Model provider error \(openai mock-error-500, HTTP 500\): mock upstream failure$/],
  ["mock-error-429", /^Model provider error \(openai mock-error-429, HTTP 429\): mock rate limit$/],
  [
    "mock-malformed",
    /^Model provider (error \(openai mock-malformed, .+|returned an unreadable answer \(mock-malformed\))$/,
  ],
  ["mock-hang", new RegExp(`^Model request timed out after ${TIMEOUT_MS} ms \\(mock-hang\\)$`)],
];

describe("model server failures", () => {
  describe.each([true, false])("model node streaming: %s", (modelStreams) => {
    it.each(failures)("%s: a JSON prediction answers 502 and stores nothing", async (model, message) => {
      const chatflow = await createChatflow(member, { flowData: modelFlow(model, modelStreams) });
      const started = Date.now();
      const response = await predict(chatflow.id, { question: unique("Fail as JSON") });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        statusCode: 502,
        success: false,
        message: expect.stringMatching(message),
        requestId: expect.any(String),
      });
      expect(Date.now() - started).toBeLessThan(25_000);
      expect(await storedMessages(chatflow.id)).toEqual([]);
    });
  });

  it.each(failures)(
    "%s: a streamed prediction sends start, error, end and stores nothing",
    async (model, message) => {
      const chatflow = await createChatflow(member, { flowData: modelFlow(model, true) });
      const response = await predict(chatflow.id, {
        question: unique("Fail while streaming"),
        streaming: true,
      });
      expect(response.status).toBe(200);
      const events = parseSse(response.body);
      expect(events[0]).toEqual({ event: "token", data: { event: "start", data: "", token: "" } });
      expect(events.slice(1, -1)).toEqual([
        {
          event: "error",
          data: { event: "error", data: expect.stringMatching(message), message: expect.any(String) },
        },
      ]);
      expect(events[1].data.message).toBe(events[1].data.data);
      expect(events.at(-1)).toEqual({ event: "end", data: {} });
      expect(await storedMessages(chatflow.id)).toEqual([]);
    },
  );

  it("mock-hang: the model request is given up (cancelled) at the node's timeout", async () => {
    const chatflow = await createChatflow(member, { flowData: modelFlow("mock-hang", true) });
    const question = unique("Hang forever");
    const response = await predict(chatflow.id, { question });
    expect(response.status).toBe(502);
    await waitFor(
      async () => (await mockRequests(question))[0]?.aborted === true,
      "the hung call to be cancelled",
      10_000,
    );
  });

  it("a stream the model server closes midway: the tokens so far, then error and end; nothing stored", async () => {
    const chatflow = await createChatflow(member, {
      flowData: modelFlow("mock-close-mid-stream-delay-5", true),
    });
    const question = unique("Cut this answer short please");
    const response = await predict(chatflow.id, { question, streaming: true });
    expect(response.status).toBe(200);
    const events = parseSse(response.body);
    // The mock sends two tokens ("Echo:", " Cut") and then drops the connection. Whether they reach
    // the app before the reset depends on the network stack, so any prefix of them may be relayed.
    const names = events.map((event) => event.event);
    const relayed = events.slice(1, -2);
    expect(names).toEqual(["token", ...relayed.map(() => "token"), "error", "end"]);
    expect(relayed.map((event) => event.data.data)).toEqual(["Echo:", " Cut"].slice(0, relayed.length));
    expect(events.at(-2)!.data.message).toMatch(/^Model provider error \(openai mock-close-mid-stream-delay-5/);
    expect(await storedMessages(chatflow.id)).toEqual([]);

    // A JSON prediction asks the model for one complete answer, not a stream: nothing to cut.
    const asJson = await predict(chatflow.id, { question });
    expect(asJson.status).toBe(200);
    expect(asJson.body.text).toBe(`Echo: ${question}`);
  });
});

describe("client disconnecting mid-stream", () => {
  it("cancels the model request, stores nothing, and the session's next turn does not see the abandoned question", async () => {
    const chatflow = await createChatflow(member, { flowData: modelFlow("mock-delay-100", true) });
    const chatId = unique("session");
    const abandoned = unique("Abandoned question with a long answer to stream slowly");
    const controller = new AbortController();
    const response = await fetch(`${baseUrl()}/api/v1/prediction/${chatflow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: abandoned, chatId, streaming: true }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes('"event":"token","data":"Echo:"')) {
      received += decoder.decode((await reader.read()).value);
    }
    controller.abort();
    await waitFor(
      async () => (await mockRequests(abandoned))[0]?.aborted === true,
      "the model request to be cancelled",
      10_000,
    );
    expect((await mockRequests(abandoned))[0]).toMatchObject({ aborted: true, completed: false });

    const followUp = unique("Next question");
    // Same chatflow and session: the memory must hold no trace of the abandoned turn.
    const next = await predict(chatflow.id, { question: followUp, chatId });
    expect(next.status).toBe(200);
    const [sent] = await mockRequests(followUp);
    expect(JSON.stringify(sent.body.messages)).not.toContain(abandoned);
    if (db) {
      expect(await storedMessages(chatflow.id)).toEqual([
        { role: "user", content: followUp },
        { role: "assistant", content: `Echo: ${followUp}` },
      ]);
    }
  }, 60_000);
});
