import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { flowData, flowEdge, flowNode } from "@/test/support/flow-builder";
import { clearCompiledFlows, countCompiledFlows, getCompiledFlow } from "./cache";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

const flow = flowData(
  [
    flowNode("chatOpenAI_0", "chatOpenAI"),
    flowNode("promptTemplate_0", "promptTemplate", { template: "{q}" }),
    flowNode("llmChain_0", "llmChain"),
  ],
  [flowEdge("chatOpenAI_0", "llmChain_0", "model"), flowEdge("promptTemplate_0", "llmChain_0", "prompt")],
);
const chatflow = { id: "cf-1", flowData: JSON.stringify(flow), updatedDate: new Date("2026-01-01T00:00:00.000Z") };

describe("compiled flow cache", () => {
  beforeEach(() => clearCompiledFlows());

  it("compiles once per chatflow and updatedDate", () => {
    const first = getCompiledFlow(chatflow);
    expect(getCompiledFlow(chatflow)).toBe(first);
    expect(getCompiledFlow({ ...chatflow, updatedDate: "2026-01-01T00:00:00.000Z" })).toBe(first);
  });

  it("recompiles when updatedDate changes, keeping one entry per chatflow", () => {
    const first = getCompiledFlow(chatflow);
    const changed = { ...flow, nodes: flow.nodes.map((node) => ({ ...node })) };
    changed.nodes[1] = flowNode("promptTemplate_0", "promptTemplate", { template: "new {q}" });
    const second = getCompiledFlow({ ...chatflow, flowData: JSON.stringify(changed), updatedDate: new Date("2026-01-02") });
    expect(second).not.toBe(first);
    expect(second.nodes.get("promptTemplate_0")?.params.get("template")).toBe("new {q}");
    expect(countCompiledFlows()).toBe(1);
  });

  it("keeps chatflows apart", () => {
    const first = getCompiledFlow(chatflow);
    expect(getCompiledFlow({ ...chatflow, id: "cf-2" })).not.toBe(first);
    expect(countCompiledFlows()).toBe(2);
  });

  it("remembers an invalid flow's error for its updatedDate", () => {
    const broken = { id: "cf-3", flowData: "{", updatedDate: new Date("2026-01-01") };
    const error = (() => {
      try {
        getCompiledFlow(broken);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(() => getCompiledFlow(broken)).toThrow(error as Error);
    expect(() => getCompiledFlow({ ...broken, flowData: JSON.stringify(flow), updatedDate: new Date("2026-01-02") })).not.toThrow();
  });

  it("stays bounded, dropping the least recently used chatflow", () => {
    for (let index = 0; index < 505; index++) getCompiledFlow({ ...chatflow, id: `cf-${index}` });
    expect(countCompiledFlows()).toBe(500);
  });
});
