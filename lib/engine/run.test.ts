import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import type { ChatTurn } from "@/lib/models";
import type { NodeServices, ToolRecord } from "@/lib/nodes/types";
import { runToolFunction } from "@/lib/sandbox";
import { flowData, flowEdge, flowNode, ref } from "@/test/support/flow-builder";
import { startMockOpenAI, type MockOpenAI } from "@/test/support/mock-openai.mjs";
import type { FlowData, FlowNode } from "./flow-data";
import { FlowAbortedError, ModelProviderError, runChatflow, type RunChatflowInput } from "./index";

vi.mock("@/lib/sandbox", () => ({ runToolFunction: vi.fn() }));

let mock: MockOpenAI;
const workspaceId = "11111111-1111-4111-8111-111111111111";
const weatherTool: ToolRecord = {
  id: "22222222-2222-4222-8222-222222222222",
  name: "Get Weather",
  description: "Weather of a city",
  schema: JSON.stringify({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
  func: "return `sunny in ${$city}`;",
};
const credentialId = "33333333-3333-4333-8333-333333333333";
let storedMessages: ChatTurn[];
let messageQueries: { sessionId: string; limit: number }[];

const services: NodeServices = {
  async loadCredential(workspace, id): ReturnType<NodeServices["loadCredential"]> {
    if (workspace !== workspaceId) return null;
    if (id === credentialId) return { credentialName: "openAIApi", data: { openAIApiKey: "sk-from-credential" } };
    if (id === "44444444-4444-4444-8444-444444444444") return { credentialName: "serpApi", data: { key: "x" } };
    return null;
  },
  async loadChatMessages({ sessionId, limit }) {
    messageQueries.push({ sessionId, limit });
    return storedMessages.slice(-limit);
  },
  async loadTool(workspace, id) {
    return workspace === workspaceId && id === weatherTool.id ? weatherTool : null;
  },
};

let updated = 0;
function run(flow: FlowData, overrides: Partial<RunChatflowInput> = {}) {
  return runChatflow(
    {
      // A new updatedDate per call: each test's flow is compiled, never a cached one of another test.
      chatflow: { id: "cf-run", workspaceId, flowData: flow, updatedDate: new Date(++updated) },
      question: "What about cats?",
      chatId: "chat-1",
      sessionId: "session-1",
      signal: new AbortController().signal,
      ...overrides,
    },
    services,
  );
}

const model = (inputs: Record<string, unknown> = {}, extra: Parameters<typeof flowNode>[3] = {}) =>
  flowNode("chatOpenAI_0", "chatOpenAI", { modelName: "mock-model", temperature: "0.5", ...inputs }, extra);

function llmChainFlow(modelNode: FlowNode = model(), template = "Tell me about {topic}", promptValues?: unknown) {
  return flowData(
    [
      modelNode,
      flowNode("promptTemplate_0", "promptTemplate", { template, promptValues }),
      flowNode("llmChain_0", "llmChain", { model: ref(modelNode.id), prompt: ref("promptTemplate_0") }),
    ],
    [],
  );
}

function conversationFlow(memory: FlowNode = flowNode("bufferMemory_0", "bufferMemory"), system?: string) {
  return flowData(
    [
      model(),
      memory,
      flowNode("conversationChain_0", "conversationChain", { systemMessagePrompt: system }, { label: "Conversation" }),
    ],
    [flowEdge("chatOpenAI_0", "conversationChain_0", "model"), flowEdge(memory.id, "conversationChain_0", "memory")],
  );
}

function agentFlow(tools: FlowNode[], agentInputs: Record<string, unknown> = {}) {
  return flowData(
    [model(), ...tools, flowNode("toolAgent_0", "toolAgent", agentInputs, { label: "Agent" })],
    [flowEdge("chatOpenAI_0", "toolAgent_0", "model"), ...tools.map((tool) => flowEdge(tool.id, "toolAgent_0", "tools"))],
  );
}

const lastBody = () => mock.requests.at(-1)?.body as Record<string, unknown>;

beforeAll(async () => {
  mock = await startMockOpenAI();
  env.OPENAI_BASE_URL = `${mock.url}/v1`;
  env.OPENAI_API_KEY = "sk-from-env";
});

afterAll(async () => {
  await mock.close();
});

beforeEach(() => {
  mock.requests.length = 0;
  storedMessages = [];
  messageQueries = [];
  vi.mocked(runToolFunction).mockReset();
});

describe("runChatflow with an LLM chain", () => {
  it("answers through the model and reports model, temperature, usage and duration", async () => {
    const result = await run(llmChainFlow());
    expect(result).toEqual({
      text: "Echo: Tell me about What about cats?",
      sourceDocuments: [],
      usedTools: [],
      metadata: {
        model: "mock-model",
        temperature: 0.5,
        durationMs: expect.any(Number),
        usage: { promptTokens: 6, completionTokens: 7, totalTokens: 13 },
      },
    });
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({ path: "/v1/chat/completions", authorization: "Bearer sk-from-env" });
    expect(lastBody()).toMatchObject({
      model: "mock-model",
      temperature: 0.5,
      messages: [{ role: "user", content: "Tell me about What about cats?" }],
    });
  });

  it("streams tokens that add up to the answer", async () => {
    const tokens: string[] = [];
    const result = await run(llmChainFlow(), { onToken: (token) => tokens.push(token) });
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join("")).toBe(result.text);
  });

  it("calls a model with streaming off without `stream`, and hands its answer over once", async () => {
    const tokens: string[] = [];
    const result = await run(llmChainFlow(model({ streaming: false })), { onToken: (token) => tokens.push(token) });
    expect(lastBody().stream).toBeUndefined();
    expect(tokens).toEqual([result.text]);
  });

  it("fills prompt values from the question, variables and flow ids", async () => {
    await run(llmChainFlow(model(), "{a} | {b} | {c}", { a: "{{question}}", b: "{{$vars.shop}}", c: "{{$flow.sessionId}}" }), {
      vars: { shop: "Sock Co" },
    });
    expect(lastBody().messages).toEqual([{ role: "user", content: "What about cats? | Sock Co | session-1" }]);
  });

  it("fills {{chat_history}} from the request's history", async () => {
    await run(llmChainFlow(model(), "Before: {h}", { h: "{{chat_history}}" }), {
      history: [
        { role: "userMessage", content: "hi" },
        { role: "apiMessage", content: "hello" },
      ],
    });
    expect(lastBody().messages).toEqual([{ role: "user", content: "Before: Human: hi\nAI: hello" }]);
  });

  it("uses the credential's key over the environment's", async () => {
    await run(llmChainFlow(model({}, { credential: credentialId })));
    expect(mock.requests[0].authorization).toBe("Bearer sk-from-credential");
  });

  it("rejects a missing credential or one of another type, naming the node", async () => {
    await expect(run(llmChainFlow(model({}, { credential: "55555555-5555-4555-8555-555555555555" })))).rejects.toMatchObject({
      statusCode: 400,
      message: "Node chatOpenAI_0 (chatOpenAI) uses credential 55555555-5555-4555-8555-555555555555, which does not exist in this workspace",
    });
    await expect(run(llmChainFlow(model({}, { credential: "44444444-4444-4444-8444-444444444444" })))).rejects.toMatchObject({
      statusCode: 400,
      message: "Node chatOpenAI_0 (chatOpenAI) needs a openAIApi credential, not serpApi",
    });
  });

  it("runs an Ollama model through its OpenAI-compatible /v1", async () => {
    const ollama = flowNode("chatOllama_0", "chatOllama", { baseUrl: mock.url, modelName: "llama-mock", temperature: 0 });
    const result = await run(llmChainFlow(ollama));
    expect(result.text).toBe("Echo: Tell me about What about cats?");
    expect(result.metadata).toMatchObject({ model: "llama-mock", temperature: 0 });
    expect(mock.requests[0]).toMatchObject({ path: "/v1/chat/completions", model: "llama-mock" });
  });

  it("chains two LLM chains: the first one's answer fills the second one's prompt", async () => {
    const flow = flowData(
      [
        model(),
        flowNode("promptTemplate_0", "promptTemplate", { template: "Name a company making {product}" }),
        flowNode("llmChain_0", "llmChain", { model: ref("chatOpenAI_0"), prompt: ref("promptTemplate_0") }, { output: "outputPrediction" }),
        flowNode("promptTemplate_1", "promptTemplate", { template: "Slogan for {name}", promptValues: { name: ref("llmChain_0") } }),
        flowNode("llmChain_1", "llmChain", { model: ref("chatOpenAI_0"), prompt: ref("promptTemplate_1") }),
      ],
      [flowEdge("llmChain_0", "promptTemplate_1", "promptValues", "outputPrediction")],
    );
    const tokens: string[] = [];
    const result = await run(flow, { question: "socks", onToken: (token) => tokens.push(token) });
    expect(result.text).toBe("Echo: Slogan for Echo: Name a company making socks");
    expect(tokens.join("")).toBe(result.text);
    expect(mock.requests.map((request) => (request.body.messages as { content: string }[])[0].content)).toEqual([
      "Name a company making socks",
      "Slogan for Echo: Name a company making socks",
    ]);
    expect(result.metadata.usage).toEqual({ promptTokens: 13, completionTokens: 15, totalTokens: 28 });
  });
});

describe("runChatflow with memory", () => {
  it("sends the stored conversation of the session between the system message and the question", async () => {
    storedMessages = [
      { role: "user", content: "My name is Ada" },
      { role: "assistant", content: "Hello Ada" },
    ];
    const result = await run(conversationFlow(undefined, "Be kind"), { question: "What is my name?" });
    expect(result.text).toBe("Echo: What is my name?");
    expect(lastBody().messages).toEqual([
      { role: "system", content: "Be kind" },
      { role: "user", content: "My name is Ada" },
      { role: "assistant", content: "Hello Ada" },
      { role: "user", content: "What is my name?" },
    ]);
    expect(messageQueries).toEqual([{ sessionId: "session-1", limit: 100 }]);
  });

  it("uses the request's history instead of stored messages", async () => {
    storedMessages = [{ role: "user", content: "stored" }];
    await run(conversationFlow(undefined, "S"), { history: [{ role: "user", content: "given" }] });
    expect(lastBody().messages).toEqual([
      { role: "system", content: "S" },
      { role: "user", content: "given" },
      { role: "user", content: "What about cats?" },
    ]);
    expect(messageQueries).toEqual([]);
  });

  it("keeps only the last k exchanges with a window memory", async () => {
    storedMessages = ["q1", "a1", "q2", "a2", "q3", "a3"].map((content, index) => ({
      role: index % 2 === 0 ? "user" : "assistant",
      content,
    }));
    await run(conversationFlow(flowNode("bufferWindowMemory_0", "bufferWindowMemory", { k: "2" }), "S"));
    expect(messageQueries).toEqual([{ sessionId: "session-1", limit: 4 }]);
    expect((lastBody().messages as { content: string }[]).map((message) => message.content)).toEqual([
      "S",
      "q2",
      "a2",
      "q3",
      "a3",
      "What about cats?",
    ]);
  });

  it("reads the memory node's own session id when it has one, and overrideConfig can set it", async () => {
    await run(conversationFlow(flowNode("bufferMemory_0", "bufferMemory", { sessionId: "fixed" })));
    await run(conversationFlow(), { overrideConfig: { sessionId: "from-override" } });
    expect(messageQueries.map((query) => query.sessionId)).toEqual(["fixed", "from-override"]);
  });
});

describe("runChatflow overrides", () => {
  it("passes temperature, capped maxTokens and the system message to the model request", async () => {
    const result = await run(conversationFlow(undefined, "original"), {
      overrideConfig: { temperature: 0.1, maxTokens: 999999, systemMessage: "Answer in {{$vars.lang}}" },
      vars: { lang: "French" },
    });
    expect(lastBody()).toMatchObject({ temperature: 0.1, max_tokens: env.MAX_TOKENS_LIMIT });
    expect((lastBody().messages as unknown[])[0]).toEqual({ role: "system", content: "Answer in French" });
    expect(result.metadata.temperature).toBe(0.1);
  });

  it("rejects an override of the wrong type, naming the node", async () => {
    await expect(run(llmChainFlow(), { overrideConfig: { temperature: "hot" } })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Node chatOpenAI_0 (chatOpenAI) input "temperature" from overrideConfig must be a number',
    });
  });
});

describe("runChatflow with a tool agent", () => {
  it("calls the calculator and lists it in usedTools", async () => {
    const result = await run(agentFlow([flowNode("calculator_0", "calculator")]), {
      question: 'Compute [[tool:calculator {"input":"(2+3)*4"}]]',
    });
    expect(result.text).toBe("Tool said: 20");
    expect(result.usedTools).toEqual([{ tool: "calculator", toolInput: { input: "(2+3)*4" }, toolOutput: "20" }]);
    expect(mock.requests).toHaveLength(2);
    expect((mock.requests[0].body.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([
      "calculator",
    ]);
    // Summed over both calls: the one asking for the tool and the one answering with its output.
    expect(result.metadata.usage).toEqual({ promptTokens: 19, completionTokens: 13, totalTokens: 32 });
    expect((lastBody().messages as unknown[])[0]).toEqual({ role: "system", content: "You are a helpful AI assistant." });
  });

  it("runs a custom tool of the workspace in the sandbox with vars and flow ids", async () => {
    vi.mocked(runToolFunction).mockResolvedValue({ ok: true, output: "sunny in Paris", durationMs: 3 });
    const tool = flowNode("customTool_0", "customTool", { selectedTool: weatherTool.id });
    const result = await run(agentFlow([tool, flowNode("calculator_0", "calculator")]), {
      question: 'Weather? [[tool:Get_Weather {"city":"Paris"}]]',
      vars: { unit: "C" },
    });
    expect(result.text).toBe("Tool said: sunny in Paris");
    expect(result.usedTools).toEqual([{ tool: "Get_Weather", toolInput: { city: "Paris" }, toolOutput: "sunny in Paris" }]);
    expect(runToolFunction).toHaveBeenCalledWith({
      func: weatherTool.func,
      input: { city: "Paris" },
      vars: { unit: "C" },
      flow: { chatflowId: "cf-run", chatId: "chat-1", sessionId: "session-1" },
      signal: expect.any(AbortSignal),
    });
    expect(mock.requests[0].body.tools).toContainEqual({
      type: "function",
      function: {
        name: "Get_Weather",
        description: "Weather of a city",
        parameters: JSON.parse(weatherTool.schema),
      },
    });
  });

  it("gives a failing tool's error to the model instead of failing the prediction", async () => {
    vi.mocked(runToolFunction).mockResolvedValue({ ok: false, error: "Tool timed out after 10000 ms", durationMs: 10000 });
    const result = await run(agentFlow([flowNode("customTool_0", "customTool", { selectedTool: weatherTool.id })]), {
      question: '[[tool:Get_Weather {"city":"Oslo"}]]',
    });
    expect(result.text).toBe("Tool said: Error: Tool timed out after 10000 ms");
  });

  it("answers with the tool's output when the tool returns directly", async () => {
    vi.mocked(runToolFunction).mockResolvedValue({ ok: true, output: "raw tool output", durationMs: 1 });
    const tool = flowNode("customTool_0", "customTool", { selectedTool: weatherTool.id, returnDirect: true });
    const tokens: string[] = [];
    const result = await run(agentFlow([tool]), {
      question: '[[tool:Get_Weather {"city":"Rome"}]]',
      onToken: (token) => tokens.push(token),
    });
    expect(result.text).toBe("raw tool output");
    expect(tokens.join("")).toBe("raw tool output");
    expect(mock.requests).toHaveLength(1);
  });

  it("stops after maxIterations model calls", async () => {
    const result = await run(agentFlow([flowNode("calculator_0", "calculator")], { maxIterations: 1 }), {
      question: '[[tool:calculator {"input":"1+1"}]]',
    });
    expect(result.text).toBe("Agent stopped after 1 iterations without a final answer.");
    expect(result.usedTools).toHaveLength(1);
    expect(mock.requests).toHaveLength(1);
  });

  it("rejects a tool id that is not in the workspace, naming the node", async () => {
    await expect(
      run(agentFlow([flowNode("customTool_0", "customTool", { selectedTool: "66666666-6666-4666-8666-666666666666" })])),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: "Node customTool_0 (customTool) uses tool 66666666-6666-4666-8666-666666666666, which does not exist in this workspace",
    });
  });
});

describe("runChatflow failures", () => {
  it("reports a provider failure as a ModelProviderError (502)", async () => {
    const failure = run(llmChainFlow(model({ modelName: "mock-error-500" })));
    await expect(failure).rejects.toBeInstanceOf(ModelProviderError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 502,
      message: "Model provider error (openai mock-error-500, HTTP 500): mock upstream failure",
    });
  });

  it("reports a provider rate limit and an unreadable answer as ModelProviderError", async () => {
    await expect(run(llmChainFlow(model({ modelName: "mock-error-429" })))).rejects.toMatchObject({
      statusCode: 502,
      providerStatus: 429,
    });
    await expect(run(llmChainFlow(model({ modelName: "mock-malformed" })))).rejects.toBeInstanceOf(ModelProviderError);
    await expect(run(llmChainFlow(model({ modelName: "mock-malformed", streaming: false })))).rejects.toBeInstanceOf(
      ModelProviderError,
    );
  });

  it("reports a stream cut mid-answer as a ModelProviderError after the first tokens", async () => {
    const tokens: string[] = [];
    const failure = run(llmChainFlow(model({ modelName: "mock-close-mid-stream-delay-5" })), { onToken: (token) => tokens.push(token) });
    await expect(failure).rejects.toBeInstanceOf(ModelProviderError);
    expect(tokens.length).toBeGreaterThan(0);
  });

  it("cancels the model request when the signal aborts", async () => {
    const controller = new AbortController();
    const failure = run(llmChainFlow(model({ modelName: "mock-hang" })), { signal: controller.signal });
    await vi.waitFor(() => expect(mock.requests).toHaveLength(1));
    controller.abort();
    await expect(failure).rejects.toBeInstanceOf(FlowAbortedError);
    await vi.waitFor(() => expect(mock.requests[0].aborted).toBe(true));
  });

  it("refuses to start with an already aborted signal", async () => {
    await expect(run(llmChainFlow(), { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(FlowAbortedError);
    expect(mock.requests).toHaveLength(0);
  });

  it("times out a model call after the node's timeout as a provider failure", async () => {
    const failure = run(llmChainFlow(model({ modelName: "mock-hang", timeout: 150 })));
    await expect(failure).rejects.toMatchObject({
      statusCode: 502,
      message: "Model request timed out after 150 ms (mock-hang)",
    });
  });

  it("rejects an invalid flow with a 400 before calling any model", async () => {
    const flow = llmChainFlow();
    flow.nodes.pop();
    flow.nodes.push(flowNode("llmChain_0", "llmChain", { model: ref("chatOpenAI_0") }, { label: "Chain" }));
    const failure = run(flow);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 400,
      message: 'Node llmChain_0 (Chain) is missing required input "Prompt" (prompt)',
    });
    expect(mock.requests).toHaveLength(0);
  });
});
