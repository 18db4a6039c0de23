import { describe, expect, it, vi } from "vitest";
import { listNodeCatalog } from "./catalog";
import { listNodeDefinitions } from "./registry";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

describe("node catalog", () => {
  it("lists this issue's nodes with Flowise names", () => {
    expect(listNodeCatalog().map((node) => node.name)).toEqual([
      "chatOpenAI",
      "chatOllama",
      "promptTemplate",
      "chatPromptTemplate",
      "llmChain",
      "conversationChain",
      "retrievalQAChain",
      "conversationalRetrievalQAChain",
      "bufferMemory",
      "bufferWindowMemory",
      "toolAgent",
      "customTool",
      "calculator",
      "retrieverTool",
      "openAIEmbeddings",
      "ollamaEmbeddings",
      "chroma",
      "memoryVectorStore",
      "recursiveCharacterTextSplitter",
      "characterTextSplitter",
      "markdownTextSplitter",
      "tokenTextSplitter",
      "plainText",
      "textFile",
      "pdfFile",
      "docxFile",
      "csvFile",
      "jsonFile",
      "fileLoader",
      "stickyNote",
    ]);
  });

  it("describes a node completely and without behaviour", () => {
    const llmChain = listNodeCatalog().find((node) => node.name === "llmChain");
    expect(llmChain).toEqual({
      name: "llmChain",
      label: "LLM Chain",
      version: 1,
      category: "Chains",
      description: expect.any(String),
      type: "LLMChain",
      baseClasses: ["LLMChain", "BaseChain", "Runnable"],
      credential: null,
      inputs: [
        { kind: "anchor", name: "model", label: "Language Model", type: "BaseLanguageModel" },
        { kind: "anchor", name: "prompt", label: "Prompt", type: "BasePromptTemplate" },
        { kind: "param", name: "chainName", label: "Chain Name", type: "string", optional: true, placeholder: "Name Your Chain" },
      ],
      outputs: [
        { name: "llmChain", label: "LLM Chain", baseClasses: ["LLMChain", "BaseChain", "Runnable"] },
        { name: "outputPrediction", label: "Output Prediction", baseClasses: ["string", "json"], description: expect.any(String) },
      ],
      canEndFlow: true,
    });
    expect(JSON.parse(JSON.stringify(listNodeCatalog()))).toEqual(listNodeCatalog());
  });

  it("names the credential a node takes", () => {
    const chatOpenAI = listNodeCatalog().find((node) => node.name === "chatOpenAI");
    expect(chatOpenAI?.credential).toEqual({ credentialNames: ["openAIApi"], optional: true });
    expect(chatOpenAI?.inputs.map((input) => input.name)).toEqual([
      "modelName",
      "temperature",
      "maxTokens",
      "topP",
      "streaming",
      "basepath",
      "timeout",
    ]);
  });

  it("keeps every definition consistent: unique input names, known param types, defaults of the right type", () => {
    const paramTypes = ["string", "number", "boolean", "options", "json", "code", "password", "file", "asyncOptions"];
    for (const definition of listNodeDefinitions()) {
      const names = definition.inputs.map((input) => input.name);
      expect(new Set(names).size, definition.name).toBe(names.length);
      expect(definition.baseClasses.length, definition.name).toBeGreaterThan(0);
      for (const input of definition.inputs) {
        expect(input.label, `${definition.name}.${input.name}`).not.toBe("");
        if (input.kind === "anchor") continue;
        expect(paramTypes).toContain(input.type);
        if (input.default !== undefined && input.type === "number") expect(typeof input.default).toBe("number");
        if (input.default !== undefined && input.type === "boolean") expect(typeof input.default).toBe("boolean");
      }
      if (definition.outputs.length > 0) expect(definition.init, `${definition.name} builds its outputs`).toBeDefined();
    }
  });
});
