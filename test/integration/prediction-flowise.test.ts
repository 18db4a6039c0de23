import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, mockRequests, type Member } from "../support/api";
import { createChatflow, parseSse, predict } from "./prediction-helpers";

// The Flowise exports of test/fixtures/flowise, stored as chatflows unchanged and predicted over HTTP
// (their credentials are unknown here, so the models fall back to OPENAI_BASE_URL/OPENAI_API_KEY).

const fixture = (name: string) => readFileSync(path.resolve("test/fixtures/flowise", name), "utf8");
let member: Member;

beforeAll(async () => {
  member = await createMember();
});

async function expectSameTextStreamed(id: string, question: string, text: string) {
  const streamed = await predict(id, { question, streaming: true });
  expect(streamed.headers.get("content-type")).toBe("text/event-stream");
  const events = parseSse(streamed.body);
  const tokens = events.filter((event) => event.data.event === "token").map((event) => event.data.data);
  expect(tokens.join("")).toBe(text);
  expect(events.map((event) => event.event).slice(-2)).toEqual(["metadata", "end"]);
}

describe("Flowise exports over HTTP", () => {
  it("conversation chain with buffer memory: two turns in one chat", async () => {
    const chatflow = await createChatflow(member, {
      flowData: fixture("conversation-chain-buffer-memory.json"),
    });
    const chatId = `flowise-${crypto.randomUUID()}`;
    const first = await predict(chatflow.id, { question: "My name is Ada", chatId });
    expect(first.status).toBe(200);
    expect(first.body.text).toBe("Echo: My name is Ada");
    const second = await predict(chatflow.id, { question: `What is my name? ${chatId}`, chatId });
    expect(second.body.text).toBe(`Echo: What is my name? ${chatId}`);
    const [sent] = await mockRequests(`What is my name? ${chatId}`);
    expect(sent.body.messages).toEqual([
      { role: "system", content: "You are a friendly assistant for a sock shop. Keep answers short." },
      { role: "user", content: "My name is Ada" },
      { role: "assistant", content: "Echo: My name is Ada" },
      { role: "user", content: `What is my name? ${chatId}` },
    ]);
    await expectSameTextStreamed(chatflow.id, "Streamed hello", "Echo: Streamed hello");
  });

  it("two chained LLM chains with prompt templates", async () => {
    const chatflow = await createChatflow(member, { flowData: fixture("chained-llm-chains.json") });
    const response = await predict(chatflow.id, { question: "socks" });
    expect(response.status).toBe(200);
    const text =
      "Echo: Write a short slogan for a company called Echo: What is a good name for a company that makes socks?.";
    expect(response.body).toMatchObject({ text, metadata: { model: "gpt-4o-mini", temperature: 0.5 } });
    await expectSameTextStreamed(chatflow.id, "socks", text);
  });

  it("chat prompt translator, with a system message override", async () => {
    const chatflow = await createChatflow(member, { flowData: fixture("chat-prompt-translator.json") });
    const response = await predict(chatflow.id, { question: "I love programming." });
    expect(response.status).toBe(200);
    expect(response.body.text).toBe("Echo: I love programming.");
    const marker = `Hello ${crypto.randomUUID()}`;
    await predict(chatflow.id, {
      question: marker,
      overrideConfig: { systemMessage: "Translate {input_language} to German." },
    });
    const [sent] = await mockRequests(marker);
    expect(sent.body.messages[0]).toEqual({ role: "system", content: "Translate English to German." });
    await expectSameTextStreamed(chatflow.id, "I love programming.", "Echo: I love programming.");
  });
});
