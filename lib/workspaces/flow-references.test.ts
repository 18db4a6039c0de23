import { describe, expect, it } from "vitest";
import { blankSecretInputs, listCredentialReferences, remapFlowReferences } from "./flow-references";

const flow = (nodes: unknown[]) => JSON.stringify({ nodes, edges: [] });

describe("remapFlowReferences", () => {
  it("points customTool nodes at the copies and credentials at the matches, dropping unmatched ones", () => {
    const source = flow([
      { id: "customTool_0", data: { name: "customTool", inputs: { selectedTool: "old-tool" } } },
      { id: "customTool_1", data: { name: "customTool", inputs: { selectedTool: "elsewhere" } } },
      { id: "chatOpenAI_0", data: { name: "chatOpenAI", credential: "old-cred", inputs: {} } },
      { id: "chroma_0", data: { name: "chroma", inputs: { FLOWISE_CREDENTIAL_ID: "gone-cred" } } },
    ]);
    const result = remapFlowReferences(source, {
      tools: new Map([["old-tool", "new-tool"]]),
      credentials: new Map([["old-cred", "new-cred"]]),
    });
    expect(JSON.parse(result.flowData).nodes).toEqual([
      { id: "customTool_0", data: { name: "customTool", inputs: { selectedTool: "new-tool" } } },
      { id: "customTool_1", data: { name: "customTool", inputs: { selectedTool: "elsewhere" } } },
      { id: "chatOpenAI_0", data: { name: "chatOpenAI", credential: "new-cred", inputs: {} } },
      { id: "chroma_0", data: { name: "chroma", inputs: {} } },
    ]);
    expect(result.unknownTools).toEqual(["elsewhere"]);
    expect(result.droppedCredentials).toEqual(["gone-cred"]);
  });

  it("returns a flow without references unchanged, byte for byte", () => {
    const source = '{"nodes":[{"id":"a","data":{"name":"llmChain","inputs":{}}}],  "edges":[]}';
    expect(remapFlowReferences(source, { tools: new Map(), credentials: new Map() })).toEqual({
      flowData: source,
      unknownTools: [],
      droppedCredentials: [],
    });
  });
});

describe("listCredentialReferences", () => {
  it("lists each credential id once, from data.credential and FLOWISE_CREDENTIAL_ID", () => {
    const source = flow([
      { id: "a", data: { credential: "c1" } },
      { id: "b", data: { inputs: { FLOWISE_CREDENTIAL_ID: "c2" } } },
      { id: "c", data: { credential: "c1" } },
    ]);
    expect(listCredentialReferences(source)).toEqual(["c1", "c2"]);
    expect(listCredentialReferences("not json")).toEqual([]);
  });
});

describe("blankSecretInputs", () => {
  it("leaves flows of nodes without password inputs unchanged", () => {
    const source = flow([{ id: "chatOpenAI_0", data: { name: "chatOpenAI", inputs: { modelName: "gpt" } } }]);
    expect(blankSecretInputs(source)).toBe(source);
  });
});
