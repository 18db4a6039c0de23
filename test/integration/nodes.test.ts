import { beforeAll, describe, expect, it } from "vitest";
import { api, createMember, errorBody, type Member } from "../support/api";

describe("node catalog", () => {
  let member: Member;
  beforeAll(async () => {
    member = await createMember();
  });

  it("lists the registry's nodes for a member", async () => {
    const response = await api("/api/v1/nodes", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe(String(response.body.length));
    expect(response.body.map((node: { name: string }) => node.name)).toEqual([
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
    const memory = response.body.find((node: { name: string }) => node.name === "bufferWindowMemory");
    expect(memory).toEqual({
      name: "bufferWindowMemory",
      label: "Buffer Window Memory",
      version: 1,
      category: "Memory",
      description: "The last k exchanges (question and answer) of the session",
      type: "BufferWindowMemory",
      baseClasses: ["BufferWindowMemory", "BaseChatMemory", "BaseMemory"],
      credential: null,
      inputs: [
        { kind: "param", name: "k", label: "Size", type: "number", default: 4, description: "Number of exchanges to remember" },
        {
          kind: "param",
          name: "sessionId",
          label: "Session Id",
          type: "string",
          optional: true,
          additionalParams: true,
          description: "Empty: the request's session (its chatId or overrideConfig.sessionId)",
        },
        { kind: "param", name: "memoryKey", label: "Memory Key", type: "string", default: "chat_history", additionalParams: true },
      ],
      outputs: [],
      canEndFlow: false,
    });
  });

  it("returns one node by name, and 404 for an unknown one", async () => {
    const found = await api("/api/v1/nodes/toolAgent", { token: member.token });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ name: "toolAgent", category: "Agents", canEndFlow: true });
    expect(found.body.inputs[0]).toEqual({ kind: "anchor", name: "tools", label: "Tools", type: "Tool", list: true });

    const missing = await api("/api/v1/nodes/noSuchNode", { token: member.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorBody(404, "Node not found"));
  });

  it("requires authentication", async () => {
    const response = await api("/api/v1/nodes");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorBody(401, "Authentication required"));
    const bad = await api("/api/v1/nodes/llmChain", { token: "not-a-jwt" });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual(errorBody(401, "Invalid or expired token"));
  });
});
