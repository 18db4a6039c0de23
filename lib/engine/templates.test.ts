import { describe, expect, it } from "vitest";
import {
  findInstanceReferences,
  formatChatHistory,
  resolveTemplate,
  resolveTemplatesDeep,
  usesChatHistory,
  type TemplateScope,
} from "./templates";

const scope: TemplateScope = {
  question: 'What is "2 + 2"?',
  chatHistory: "Human: hi\nAI: hello",
  vars: { company: "Acme", empty: "" },
  flow: { chatflowId: "cf-1", chatId: "chat-1", sessionId: "session-1" },
  instanceOf: (id) =>
    ({ llmChain_0: "Sock Co", json_0: { a: [1, 2] }, model_0: { kind: "chatModel" }, tool_0: { execute: () => "" } })[id],
};

describe("resolveTemplate", () => {
  it("fills the question, the chat history, variables and flow ids", () => {
    expect(
      resolveTemplate(
        "Q: {{question}} | H: {{ chat_history }} | {{$vars.company}} | {{$flow.chatflowId}} {{$flow.chatId}} {{$flow.sessionId}}",
        scope,
      ),
    ).toBe('Q: What is "2 + 2"? | H: Human: hi\nAI: hello | Acme | cf-1 chat-1 session-1');
  });

  it("fills another node's output: text as is, data as JSON, built objects as nothing", () => {
    expect(resolveTemplate("{{llmChain_0.data.instance}} / {{json_0.data.instance}}", scope)).toBe('Sock Co / {"a":[1,2]}');
    expect(resolveTemplate("[{{model_0.data.instance}}][{{tool_0.data.instance}}]", scope)).toBe("[][]");
  });

  it("leaves other double-brace text alone, and unknown variables empty", () => {
    expect(resolveTemplate('JSON like {{"a": 1}} or {{ something }}; {{$vars.nope}}.', scope)).toBe(
      'JSON like {{"a": 1}} or {{ something }}; .',
    );
  });

  it("fills templates inside parsed JSON without breaking it", () => {
    expect(resolveTemplatesDeep({ text: "{{question}}", list: ["{{$vars.company}}", 3] }, scope)).toEqual({
      text: 'What is "2 + 2"?',
      list: ["Acme", 3],
    });
  });
});

describe("template inspection", () => {
  it("finds node references anywhere in a value", () => {
    expect([...findInstanceReferences({ a: "{{x_0.data.instance}} and {{ y_1.data.instance }}", b: ["{{z.data.instance}}"] })]).toEqual([
      "x_0",
      "y_1",
      "z",
    ]);
    expect(findInstanceReferences("{{question}}").size).toBe(0);
  });

  it("tells whether a value needs the chat history", () => {
    expect(usesChatHistory({ v: ["{{chat_history}}"] })).toBe(true);
    expect(usesChatHistory("{{question}}")).toBe(false);
  });

  it("formats history as Human/AI lines", () => {
    expect(formatChatHistory([{ role: "user", content: "a" }, { role: "assistant", content: "b" }])).toBe("Human: a\nAI: b");
  });
});
