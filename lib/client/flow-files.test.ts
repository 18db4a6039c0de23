import { describe, expect, it } from "vitest";
import { exportFlowFile, nameFromFileName, parseFlowFile } from "./flow-files";

const flow = { nodes: [{ id: "a", data: { name: "x" } }], edges: [] };

describe("parseFlowFile", () => {
  it("reads a Flowise chatflow export, named after the file", () => {
    expect(parseFlowFile(JSON.stringify(flow), "Support Bot Chatflow.json")).toEqual([
      { name: "Support Bot", flowData: JSON.stringify(flow), type: "CHATFLOW", category: null },
    ]);
  });

  it("reads a chatflow row with a string flowData, and a Flowise workspace export", () => {
    const row = { name: "Row", flowData: JSON.stringify(flow), type: "AGENTFLOW", category: "a;b" };
    expect(parseFlowFile(JSON.stringify(row), "x.json")).toEqual([
      { name: "Row", flowData: JSON.stringify(flow), type: "AGENTFLOW", category: "a;b" },
    ]);
    const all = {
      Tool: [],
      ChatFlow: [{ name: "One", flowData: JSON.stringify(flow) }],
      AgentFlow: [{ name: "Two", flowData: flow }],
    };
    expect(parseFlowFile(JSON.stringify(all), "export.json").map((item) => [item.name, item.type])).toEqual([
      ["One", "CHATFLOW"],
      ["Two", "AGENTFLOW"],
    ]);
  });

  it("rejects files that are not flows, with a message naming the file", () => {
    expect(() => parseFlowFile("nope", "a.json")).toThrow("a.json is not a JSON file");
    expect(() => parseFlowFile("{}", "b.json")).toThrow(
      "b.json is not a chatflow export (expected nodes and edges)",
    );
  });
});

describe("exportFlowFile", () => {
  it("writes the nodes and edges under a Flowise-style file name", () => {
    const file = exportFlowFile({
      name: "My/Bot",
      flowData: JSON.stringify({ ...flow, viewport: { x: 0, y: 0, zoom: 1 } }),
    });
    expect(file.fileName).toBe("My Bot Chatflow.json");
    expect(JSON.parse(file.text)).toEqual(flow);
    expect(nameFromFileName(file.fileName)).toBe("My Bot");
  });
});
