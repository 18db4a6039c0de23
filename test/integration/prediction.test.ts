import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, createMember, mockRequests, type Member } from "../support/api";
import { conversationFlow, createChatflow, flowData, parseSse, predict } from "./prediction-helpers";

// Non-streamed predictions against the mock model: answers, sessions, history, overrides, failures.

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
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
const contents = (request: { body: { messages?: unknown } }) =>
  (request.body.messages as Array<{ role: string; content: unknown }>).map((message) => ({
    role: message.role,
    content: typeof message.content === "string" ? message.content : JSON.stringify(message.content),
  }));

describe("prediction (JSON)", () => {
  it("answers with the model's text, a new session and metadata", async () => {
    const chatflow = await createChatflow(member);
    const question = unique("Hello there");
    const response = await predict(chatflow.id, { question });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      text: `Echo: ${question}`,
      question,
      chatId: uuid,
      chatMessageId: uuid,
      sessionId: response.body.chatId,
      sourceDocuments: [],
      usedTools: [],
      followUpPrompts: [],
      metadata: {
        model: "mock-model",
        temperature: 0.9,
        durationMs: expect.any(Number),
        usage: { promptTokens: expect.any(Number), completionTokens: 4, totalTokens: expect.any(Number) },
      },
    });
    expect(Object.keys(response.body)).toEqual([
      "text",
      "question",
      "chatId",
      "chatMessageId",
      "sessionId",
      "sourceDocuments",
      "usedTools",
      "followUpPrompts",
      "metadata",
    ]);
    expect(Object.keys(response.body.metadata)).toEqual(["model", "temperature", "durationMs", "usage"]);
    const [sent] = await mockRequests(question);
    expect(sent.body).toMatchObject({ model: "mock-model", temperature: 0.9 });
    expect(contents(sent).at(-1)).toEqual({ role: "user", content: question });
  });

  it.skipIf(!hasDatabase)("stores the question and the answer as the session's messages", async () => {
    const chatflow = await createChatflow(member);
    const question = unique("Store me");
    const { body } = await predict(chatflow.id, { question, chatId: "store-chat" });
    const { rows } = await db!.query(
      `SELECT id, "workspaceId", "chatflowId", "chatId", "sessionId", role, content, "sourceDocuments", "usedTools"
       FROM "ChatMessage" WHERE "chatflowId" = $1 ORDER BY "createdDate"`,
      [chatflow.id],
    );
    const common = {
      workspaceId: member.workspaceId,
      chatflowId: chatflow.id,
      chatId: "store-chat",
      sessionId: "store-chat",
    };
    expect(rows).toEqual([
      { ...common, id: uuid, role: "user", content: question, sourceDocuments: null, usedTools: null },
      {
        ...common,
        id: body.chatMessageId,
        role: "assistant",
        content: `Echo: ${question}`,
        sourceDocuments: null,
        usedTools: null,
      },
    ]);
  });

  it("continues a conversation: the second model request contains the first turn", async () => {
    const chatflow = await createChatflow(member);
    const first = unique("My name is Ada");
    const one = await predict(chatflow.id, { question: first });
    expect(one.status).toBe(200);
    const second = unique("What is my name?");
    const two = await predict(chatflow.id, { question: second, chatId: one.body.chatId });
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({ chatId: one.body.chatId, sessionId: one.body.chatId });

    const [sent] = await mockRequests(second);
    expect(contents(sent).filter((message) => message.role !== "system")).toEqual([
      { role: "user", content: first },
      { role: "assistant", content: `Echo: ${first}` },
      { role: "user", content: second },
    ]);
    // Another session of the same chatflow does not see it.
    const other = unique("Fresh start");
    await predict(chatflow.id, { question: other });
    const [fresh] = await mockRequests(other);
    expect(contents(fresh).filter((message) => message.role !== "system")).toEqual([
      { role: "user", content: other },
    ]);
  });

  it("uses `history` instead of the stored messages", async () => {
    const chatflow = await createChatflow(member);
    const stored = unique("Stored turn");
    const { body } = await predict(chatflow.id, { question: stored });
    const question = unique("With history");
    const response = await predict(chatflow.id, {
      question,
      chatId: body.chatId,
      history: [
        { role: "user", content: "I live in Paris" },
        { role: "apiMessage", content: "Nice city" },
      ],
    });
    expect(response.status).toBe(200);
    const [sent] = await mockRequests(question);
    expect(contents(sent).filter((message) => message.role !== "system")).toEqual([
      { role: "user", content: "I live in Paris" },
      { role: "assistant", content: "Nice city" },
      { role: "user", content: question },
    ]);
  });

  it("shares memory between chats given the same overrideConfig.sessionId", async () => {
    const chatflow = await createChatflow(member);
    const sessionId = `session-${crypto.randomUUID()}`;
    const first = unique("Remember 42");
    const one = await predict(chatflow.id, {
      question: first,
      chatId: "chat-a",
      overrideConfig: { sessionId },
    });
    expect(one.body).toMatchObject({ chatId: "chat-a", sessionId });
    const second = unique("What number?");
    const two = await predict(chatflow.id, {
      question: second,
      chatId: "chat-b",
      overrideConfig: { sessionId },
    });
    expect(two.body).toMatchObject({ chatId: "chat-b", sessionId });
    const [sent] = await mockRequests(second);
    expect(contents(sent)).toContainEqual({ role: "user", content: first });
  });

  it("sends overrides to the model, maxTokens capped by the server", async () => {
    const chatflow = await createChatflow(member);
    const question = unique("Override me please now");
    const response = await predict(chatflow.id, {
      question,
      overrideConfig: { temperature: 0.1, maxTokens: 1_000_000, systemMessage: "Answer like a pirate." },
    });
    expect(response.status).toBe(200);
    expect(response.body.metadata.temperature).toBe(0.1);
    const [sent] = await mockRequests(question);
    expect(sent.body.temperature).toBe(0.1);
    expect(sent.body.max_tokens).toBe(4096);
    expect(contents(sent)[0]).toEqual({ role: "system", content: "Answer like a pirate." });
  });

  it("ignores overrides when the chatflow disables them, and says so in a header", async () => {
    const chatflow = await createChatflow(member, { apiConfig: { overrideConfig: { status: false } } });
    const question = unique("No overrides");
    const response = await predict(chatflow.id, {
      question,
      chatId: "disabled-chat",
      overrideConfig: { temperature: 0.1, systemMessage: "Answer like a pirate.", sessionId: "elsewhere" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-override-config")).toBe("ignored");
    expect(response.body).toMatchObject({ sessionId: "disabled-chat", metadata: { temperature: 0.9 } });
    const [sent] = await mockRequests(question);
    expect(sent.body.temperature).toBe(0.9);
    expect(JSON.stringify(sent.body)).not.toContain("pirate");
  });

  it("accepts multipart bodies; files and uploads need a loader feeding a vector store (400 here)", async () => {
    const chatflow = await createChatflow(member);
    const question = unique("Multipart question");
    const form = new FormData();
    form.set("question", question);
    form.set("chatId", "multipart-chat");
    form.set("overrideConfig", JSON.stringify({ temperature: 0.3 }));
    const multipart = await api(`/api/v1/prediction/${chatflow.id}`, { method: "POST", rawBody: form });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ text: `Echo: ${question}`, chatId: "multipart-chat" });
    expect((await mockRequests(question))[0].body.temperature).toBe(0.3);

    const refused = 'No document loader feeding a vector store in this chatflow reads txt files ("note.txt")';
    form.append("files", new File(["hello file"], "note.txt", { type: "text/plain" }));
    const withFile = await api(`/api/v1/prediction/${chatflow.id}`, { method: "POST", rawBody: form });
    expect(withFile).toMatchObject({ status: 400, body: { message: refused } });

    const withUpload = await predict(chatflow.id, {
      question: "With upload",
      uploads: [
        { data: "data:text/plain;base64,aGVsbG8=", type: "file", name: "note.txt", mime: "text/plain" },
      ],
    });
    expect(withUpload).toMatchObject({ status: 400, body: { message: refused } });
  });

  it("lists the tools an agent used, in the answer, the metadata event and the stored message", async () => {
    const agentFlow = flowData([
      { id: "chatOpenAI_0", name: "chatOpenAI", inputs: { modelName: "mock-model", temperature: 0 } },
      { id: "calculator_0", name: "calculator", inputs: {} },
      {
        id: "toolAgent_0",
        name: "toolAgent",
        inputs: { model: "{{chatOpenAI_0.data.instance}}", tools: ["{{calculator_0.data.instance}}"] },
      },
    ]);
    const chatflow = await createChatflow(member, { flowData: agentFlow });
    const question = 'Compute [[tool:calculator {"input":"6*7"}]] please';
    const usedTools = [{ tool: "calculator", toolInput: { input: "6*7" }, toolOutput: "42" }];

    const response = await predict(chatflow.id, { question, chatId: "agent-chat" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ text: "Tool said: 42", usedTools });

    const streamed = await predict(chatflow.id, { question, streaming: true });
    const events = parseSse(streamed.body);
    const metadata = events.find((event) => event.event === "metadata")!;
    expect(metadata.data.usedTools).toEqual(usedTools);
    expect(
      events
        .filter((event) => event.data.event === "token")
        .map((event) => event.data.data)
        .join(""),
    ).toBe("Tool said: 42");

    if (db) {
      const { rows } = await db.query(`SELECT "usedTools" FROM "ChatMessage" WHERE id = $1`, [
        response.body.chatMessageId,
      ]);
      expect(JSON.parse(rows[0].usedTools)).toEqual(usedTools);
    }
  });

  it("answers 502 when the model provider fails, and stores nothing", async () => {
    const chatflow = await createChatflow(member, {
      flowData: conversationFlow({ modelName: "mock-error-500" }),
    });
    const response = await predict(chatflow.id, { question: "Fail please", chatId: "failing-chat" });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      statusCode: 502,
      success: false,
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(JSON.stringify(response.body)).not.toMatch(/stack|at .*\.js/);
    if (db) {
      const { rows } = await db.query(`SELECT 1 FROM "ChatMessage" WHERE "chatflowId" = $1`, [chatflow.id]);
      expect(rows).toEqual([]);
    }
  });
});
