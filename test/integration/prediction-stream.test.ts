import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, createMember, mockRequests, type Member } from "../support/api";
import { waitFor } from "../support/processes";
import { conversationFlow, createChatflow, parseSse, predict } from "./prediction-helpers";

// Streamed predictions (API.md "Streaming (SSE)") against the mock model.

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
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe("prediction (SSE)", () => {
  it("streams start, each token, metadata and end, framed byte for byte", async () => {
    const chatflow = await createChatflow(member);
    const question = unique("Stream this answer");
    const response = await predict(chatflow.id, { question, chatId: "stream-chat", streaming: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");

    const events = parseSse(response.body);
    // "Echo: Stream this answer <id>": five tokens after the start.
    expect(events.map((event) => event.event)).toEqual([...Array(6).fill("token"), "metadata", "end"]);
    const metadata = events[6].data;
    const fields = {
      question,
      chatId: "stream-chat",
      chatMessageId: expect.any(String),
      sessionId: "stream-chat",
      sourceDocuments: [],
      usedTools: [],
      metadata: {
        model: "mock-model",
        temperature: 0.9,
        durationMs: expect.any(Number),
        usage: expect.objectContaining({ completionTokens: 5 }),
      },
    };
    expect(metadata).toEqual({ event: "metadata", data: fields, ...fields });
    expect(metadata).not.toHaveProperty("followUpPrompts");
    expect(Object.keys(metadata)).toEqual([
      "event",
      "data",
      "chatId",
      "chatMessageId",
      "question",
      "sessionId",
      "sourceDocuments",
      "usedTools",
      "metadata",
    ]);

    const tokens = ["Echo:", " Stream", " this", " answer", ` ${question.split(" ").at(-1)}`];
    const expected =
      frame("token", { event: "start", data: "", token: "" }) +
      tokens.map((token) => frame("token", { event: "token", data: token, token })).join("") +
      frame("metadata", metadata) +
      "event: end\ndata: {}\n\n";
    expect(response.body).toBe(expected);
  });

  it("streams tokens that concatenate to the non-streamed text", async () => {
    const chatflow = await createChatflow(member);
    const question = unique("Same words either way");
    const plain = await predict(chatflow.id, { question });
    const streamed = await predict(chatflow.id, { question, streaming: true });
    const events = parseSse(streamed.body);
    expect(events[0].data).toEqual({ event: "start", data: "", token: "" });
    const tokens = events.filter((event) => event.data.event === "token").map((event) => event.data.data);
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join("")).toBe(plain.body.text);
    expect(events.at(-1)).toEqual({ event: "end", data: {} });
  });

  it("writes each token as the model produces it", async () => {
    const chatflow = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-delay-150" }),
    });
    const response = await fetch(`${baseUrl()}/api/v1/prediction/${chatflow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "one two three four", streaming: true }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const started = performance.now();
    const arrivals: Array<{ at: number; text: string }> = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push({ at: performance.now() - started, text: decoder.decode(value) });
    }
    const tokenArrivals = arrivals.filter((arrival) => arrival.text.includes('"event":"token"'));
    expect(tokenArrivals.length).toBeGreaterThanOrEqual(4);
    // Five tokens 150 ms apart: the first arrives long before the last.
    expect(tokenArrivals.at(-1)!.at - tokenArrivals[0].at).toBeGreaterThan(400);
  });

  it("answers JSON when the chatflow does not stream", async () => {
    const off = await createChatflow(member, { isStreaming: false });
    const response = await predict(off.id, { question: "Hi", streaming: true });
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body).toMatchObject({ text: "Echo: Hi" });
    const modelOff = await createChatflow(member, { flowData: conversationFlow({ streaming: false }) });
    const second = await predict(modelOff.id, { question: "Hi", streaming: true });
    expect(second.headers.get("content-type")).toContain("application/json");
  });

  it("sends an error event then end when the model fails after the start", async () => {
    const chatflow = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-error-500" }),
    });
    const response = await predict(chatflow.id, { question: "Fail while streaming", streaming: true });
    expect(response.status).toBe(200);
    const events = parseSse(response.body);
    expect(events[0]).toEqual({ event: "token", data: { event: "start", data: "", token: "" } });
    expect(events[1].event).toBe("error");
    expect(events[1].data).toEqual({
      event: "error",
      data: expect.any(String),
      message: events[1].data.data,
    });
    expect(events[1].data.message).not.toBe("");
    expect(events.slice(2)).toEqual([{ event: "end", data: {} }]);
  });

  it("cancels the model request when the client disconnects, and stores no answer", async () => {
    const chatflow = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-delay-200" }),
    });
    const question = unique("Long answer that the client abandons");
    const controller = new AbortController();
    const response = await fetch(`${baseUrl()}/api/v1/prediction/${chatflow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question, chatId: "abandoned-chat", streaming: true }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes('"event":"token"')) received += decoder.decode((await reader.read()).value);
    controller.abort();

    await waitFor(
      async () => (await mockRequests(question))[0]?.aborted === true,
      "the model request to be cancelled",
      5_000,
    );
    const [sent] = await mockRequests(question);
    expect(sent).toMatchObject({ aborted: true, completed: false });
    if (db) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows } = await db.query(`SELECT role FROM "ChatMessage" WHERE "chatflowId" = $1`, [
        chatflow.id,
      ]);
      expect(rows).toEqual([]);
    }
  });

  it("cancels the model request when a non-streaming client disconnects", async () => {
    const chatflow = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-delay-200" }),
    });
    const question = unique("Abandoned without streaming");
    const controller = new AbortController();
    const pending = fetch(`${baseUrl()}/api/v1/prediction/${chatflow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question }),
      signal: controller.signal,
    }).catch(() => undefined);
    await waitFor(async () => (await mockRequests(question)).length === 1, "the model request", 5_000);
    controller.abort();
    await pending;
    await waitFor(
      async () => (await mockRequests(question))[0]?.aborted === true,
      "the model request to be cancelled",
      5_000,
    );
  });
});
