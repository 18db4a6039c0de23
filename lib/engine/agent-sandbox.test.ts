import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { env } from "@/lib/env";
import type { NodeServices } from "@/lib/nodes/types";
import { flowData, flowEdge, flowNode } from "@/test/support/flow-builder";
import { startMockOpenAI, type MockOpenAI } from "@/test/support/mock-openai.mjs";
import { runChatflow } from "./index";

// A custom tool through the real sandbox (no mock): the agent's tool call reaches the tool's
// JavaScript with its arguments, the workspace variables and the flow ids.

vi.setConfig({ testTimeout: 30_000 });

let mock: MockOpenAI;
const toolId = "22222222-2222-4222-8222-222222222222";
const services: NodeServices = {
  loadCredential: async () => null,
  loadChatMessages: async () => [],
  loadTool: async (_workspaceId, id) =>
    id === toolId
      ? {
          id,
          name: "describe_city",
          description: "Describes a city",
          schema: JSON.stringify({ type: "object", properties: { city: { type: "string" } } }),
          func: "return `${$city} (${$vars.unit}) for ${$flow.chatId}`;",
        }
      : null,
};

beforeAll(async () => {
  mock = await startMockOpenAI();
  env.OPENAI_BASE_URL = `${mock.url}/v1`;
  env.OPENAI_API_KEY = "sk-test";
});

afterAll(() => mock.close());

it("runs an agent's custom tool in the sandbox and answers with its output", async () => {
  const flow = flowData(
    [
      flowNode("chatOpenAI_0", "chatOpenAI", { modelName: "mock-model" }),
      flowNode("customTool_0", "customTool", { selectedTool: toolId }),
      flowNode("toolAgent_0", "toolAgent"),
    ],
    [flowEdge("chatOpenAI_0", "toolAgent_0", "model"), flowEdge("customTool_0", "toolAgent_0", "tools")],
  );
  const result = await runChatflow(
    {
      chatflow: { id: "cf-sandbox", workspaceId: "w", flowData: flow, updatedDate: new Date(0) },
      question: 'Tell me [[tool:describe_city {"city":"Lyon"}]]',
      chatId: "chat-7",
      sessionId: "chat-7",
      vars: { unit: "metric" },
      signal: new AbortController().signal,
    },
    services,
  );
  expect(result.text).toBe("Tool said: Lyon (metric) for chat-7");
  expect(result.usedTools).toEqual([
    { tool: "describe_city", toolInput: { city: "Lyon" }, toolOutput: "Lyon (metric) for chat-7" },
  ]);
});
