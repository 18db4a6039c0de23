import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "@/lib/env";
import type { ChatTurn } from "@/lib/models";
import type { NodeServices } from "@/lib/nodes/types";
import { startMockOpenAI, type MockOpenAI } from "@/test/support/mock-openai.mjs";
import { runChatflow, validateFlow, type RunChatflowInput } from "./index";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

// Flows in Flowise's export shape, run unchanged: the model's base URL and key come from the
// environment (OPENAI_BASE_URL, OPENAI_API_KEY), as they would for an imported flow without credentials.

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "../../test/fixtures/flowise", name), "utf8");

let mock: MockOpenAI;
let stored: ChatTurn[];
const services: NodeServices = {
  loadCredential: async () => null,
  loadChatMessages: async ({ limit }) => stored.slice(-limit),
  loadTool: async () => null,
};

function run(flowData: string, question: string, extra: Partial<RunChatflowInput> = {}) {
  return runChatflow(
    {
      chatflow: { id: `fixture-${flowData.length}`, workspaceId: "w", flowData, updatedDate: "2026-01-01T00:00:00.000Z" },
      question,
      chatId: "chat-1",
      sessionId: "chat-1",
      signal: new AbortController().signal,
      ...extra,
    },
    services,
  );
}

beforeAll(async () => {
  mock = await startMockOpenAI();
  env.OPENAI_BASE_URL = `${mock.url}/v1`;
  env.OPENAI_API_KEY = "sk-fixture";
});

afterAll(() => mock.close());

beforeEach(() => {
  mock.requests.length = 0;
  stored = [];
});

describe("Flowise export: conversation chain with buffer memory", () => {
  const flow = fixture("conversation-chain-buffer-memory.json");

  it("validates", () => {
    expect(validateFlow(flow)).toEqual({
      endingNode: { id: "conversationChain_0", name: "conversationChain", label: "Conversation Chain" },
      nodeIds: ["chatOpenAI_0", "bufferMemory_0", "conversationChain_0"],
      canStream: true,
    });
  });

  it("holds a two-turn conversation: the second request carries the first turn", async () => {
    const first = await run(flow, "My name is Ada");
    expect(first.text).toBe("Echo: My name is Ada");
    stored.push({ role: "user", content: "My name is Ada" }, { role: "assistant", content: first.text });

    const tokens: string[] = [];
    const second = await run(flow, "What is my name?", { onToken: (token) => tokens.push(token) });
    expect(second.text).toBe("Echo: What is my name?");
    expect(tokens.join("")).toBe(second.text);
    expect(mock.requests[1].body).toMatchObject({
      model: "gpt-4o-mini",
      temperature: 0.7,
      messages: [
        { role: "system", content: "You are a friendly assistant for a sock shop. Keep answers short." },
        { role: "user", content: "My name is Ada" },
        { role: "assistant", content: "Echo: My name is Ada" },
        { role: "user", content: "What is my name?" },
      ],
    });
    expect(mock.requests[1].authorization).toBe("Bearer sk-fixture");
  });
});

describe("Flowise export: two chained LLM chains with prompt templates", () => {
  const flow = fixture("chained-llm-chains.json");

  it("validates", () => {
    expect(validateFlow(flow).endingNode).toEqual({ id: "llmChain_1", name: "llmChain", label: "LLM Chain" });
  });

  it("feeds the first chain's answer into the second chain's prompt", async () => {
    const result = await run(flow, "socks");
    expect(result.text).toBe(
      "Echo: Write a short slogan for a company called Echo: What is a good name for a company that makes socks?.",
    );
    expect(mock.requests.map((request) => request.body.messages)).toEqual([
      [{ role: "user", content: "What is a good name for a company that makes socks?" }],
      [{ role: "user", content: "Write a short slogan for a company called Echo: What is a good name for a company that makes socks?." }],
    ]);
    expect(result.metadata).toMatchObject({ model: "gpt-4o-mini", temperature: 0.5 });
  });
});

describe("Flowise export: chat prompt translator", () => {
  const flow = fixture("chat-prompt-translator.json");

  it("validates", () => {
    expect(validateFlow(flow).nodeIds).toEqual(["chatOpenAI_0", "chatPromptTemplate_0", "llmChain_0"]);
  });

  it("sends the filled system message and the question", async () => {
    const result = await run(flow, "I love programming.");
    expect(result.text).toBe("Echo: I love programming.");
    expect(mock.requests[0].body).toMatchObject({
      temperature: 0,
      messages: [
        { role: "system", content: "You are a helpful assistant that translates English to French." },
        { role: "user", content: "I love programming." },
      ],
    });
  });

  it("takes a system message from overrideConfig", async () => {
    await run(flow, "Hello", { overrideConfig: { systemMessage: "Translate {input_language} to German." } });
    expect((mock.requests[0].body.messages as unknown[])[0]).toEqual({
      role: "system",
      content: "Translate English to German.",
    });
  });
});
