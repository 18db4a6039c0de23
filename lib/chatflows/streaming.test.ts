import { describe, expect, it } from "vitest";
import { canChatflowStream } from "./streaming";

function flow(ending: string, modelInputs: Record<string, unknown> = {}) {
  return {
    nodes: [
      { id: "model", data: { name: "chatOpenAI", inputs: modelInputs } },
      { id: "end", data: { name: ending } },
      { id: "note", type: "stickyNote", data: { name: "stickyNote" } },
    ],
    edges: [
      { source: "model", target: "end" },
      { source: "end", target: "note" },
    ],
  };
}

describe("canChatflowStream", () => {
  it("streams when the switch is on and the ending node can stream", () => {
    expect(canChatflowStream(JSON.stringify(flow("conversationChain")), true)).toBe(true);
    expect(canChatflowStream(flow("toolAgent"), true)).toBe(true);
  });

  it("does not stream when the chatflow turns streaming off", () => {
    expect(canChatflowStream(flow("conversationChain"), false)).toBe(false);
  });

  it("does not stream when the ending node cannot", () => {
    expect(canChatflowStream(flow("someRetriever"), true)).toBe(false);
  });

  it("does not stream when the model's streaming input is off", () => {
    expect(canChatflowStream(flow("llmChain", { streaming: false }), true)).toBe(false);
    expect(canChatflowStream(flow("llmChain", { streaming: "false" }), true)).toBe(false);
  });

  it("does not stream without a single ending node or with unusable flowData", () => {
    expect(canChatflowStream({ nodes: [{ id: "a", data: { name: "llmChain" } }], edges: [] }, true)).toBe(
      false,
    );
    expect(canChatflowStream("not json", true)).toBe(false);
  });
});
