import { describe, expect, it, vi } from "vitest";
import { flowData, flowEdge, flowNode } from "@/test/support/flow-builder";
import { compileFlow } from "./compile";
import { mergeOverrideVars, resolveOverrides } from "./overrides";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

const flow = compileFlow(
  flowData(
    [
      flowNode("chatOpenAI_0", "chatOpenAI"),
      flowNode("chatOpenAI_1", "chatOpenAI"),
      flowNode("bufferMemory_0", "bufferMemory"),
      flowNode("conversationChain_0", "conversationChain"),
      flowNode("calculator_0", "calculator"),
    ],
    [
      flowEdge("chatOpenAI_0", "conversationChain_0", "model"),
      flowEdge("bufferMemory_0", "conversationChain_0", "memory"),
    ],
  ),
);

const asObject = (overrides: ReturnType<typeof resolveOverrides>) =>
  Object.fromEntries([...overrides].map(([id, values]) => [id, Object.fromEntries(values)]));

describe("resolveOverrides", () => {
  it("sets temperature, capped maxTokens, the system message and named inputs on the nodes of the plan", () => {
    const overrides = resolveOverrides(
      flow,
      { temperature: 0.1, maxTokens: 100000, systemMessage: "Be brief", sessionId: "s-9", unknownKey: 1, webhookUrl: "http://x" },
      4096,
    );
    expect(asObject(overrides)).toEqual({
      chatOpenAI_0: { temperature: 0.1, maxTokens: 4096 },
      conversationChain_0: { systemMessagePrompt: "Be brief" },
      bufferMemory_0: { sessionId: "s-9" },
    });
  });

  it("keeps maxTokens under the limit as given, text numbers included", () => {
    expect(asObject(resolveOverrides(flow, { maxTokens: "50" }, 4096))).toEqual({ chatOpenAI_0: { maxTokens: 50 } });
  });

  it("sets a value per node when keyed by node ids", () => {
    expect(asObject(resolveOverrides(flow, { temperature: { chatOpenAI_0: 0.2, chatOpenAI_1: 0.4 } }, 4096))).toEqual({
      chatOpenAI_0: { temperature: 0.2 },
    });
  });

  it("never overrides endpoints or secrets", () => {
    expect(asObject(resolveOverrides(flow, { basepath: "http://attacker.example/v1" }, 4096))).toEqual({});
  });
});

describe("mergeOverrideVars", () => {
  it("adds overrideConfig.vars over the workspace variables", () => {
    expect(mergeOverrideVars({ a: "1", b: "2" }, { vars: { b: "3", c: 4 } })).toEqual({ a: "1", b: "3", c: "4" });
  });
});
