import { describe, expect, it } from "vitest";
import { fillPrompt, formatContext, formatHistory } from "./retrieval-prompts";

describe("retrieval prompts", () => {
  it("fills each placeholder once, never inside what it filled", () => {
    expect(
      fillPrompt("Q: {question}\nC: {context}\nH: {chat_history}", {
        question: "why {context}?",
        context: "facts",
      }),
    ).toBe("Q: why {context}?\nC: facts\nH: {chat_history}");
  });

  it("numbers the chunks and says when nothing was found", () => {
    expect(
      formatContext([
        { pageContent: "a", metadata: {} },
        { pageContent: "b", metadata: {} },
      ]),
    ).toBe("[1] a\n\n[2] b");
    expect(formatContext([])).toBe("(nothing relevant was found)");
  });

  it("writes the conversation as Human/Assistant lines", () => {
    expect(
      formatHistory([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toBe("Human: hi\nAssistant: hello");
  });
});
