import type { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, badRequest } from "@/lib/api/errors";
import type { PredictionChatflow } from "./chatflow";
import type { NewPredictionRun } from "@/lib/runs/service";
import {
  handlePrediction,
  type FlowRunInput,
  type FlowRunner,
  type FlowRunResult,
  type IngestFilesInput,
} from "./predict";

const saved = vi.hoisted(() => [] as Array<Record<string, unknown>>);
vi.mock("./messages", () => ({
  saveExchange: vi.fn(async (exchange: Record<string, unknown>) => {
    saved.push(exchange);
    return { chatMessageId: "msg-1", createdDate: new Date("2026-01-01T00:00:00.000Z") };
  }),
}));
vi.mock("./access", () => ({
  authorizePrediction: vi.fn(async (request: Request) => {
    if (request.headers.get("authorization") === "Bearer bad") throw new ApiError(401, "Invalid API key");
    return { kind: "anonymous" };
  }),
}));

const chatflow = (changes: Partial<PredictionChatflow> = {}): PredictionChatflow => ({
  id: crypto.randomUUID(),
  workspaceId: "ws",
  flowData: "{}",
  updatedDate: new Date(),
  apikeyid: null,
  isPublic: true,
  apiConfig: null,
  allowedOrigins: [],
  isStreaming: true,
  ...changes,
});

const post = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  new Request("http://app.test/api/v1/prediction/x", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal,
  }) as unknown as NextRequest;

const answer: FlowRunResult = {
  text: "Hello there",
  sourceDocuments: [],
  usedTools: [{ tool: "calc", toolInput: { x: 1 }, toolOutput: "1" }],
  metadata: { model: "m", temperature: 0.5, usage: { promptTokens: 2, completionTokens: 1, totalTokens: 3 } },
};

function fakeRunner(
  options: {
    canStream?: boolean;
    fail?: Error;
    prepareError?: Error;
    hang?: boolean;
    ingestError?: Error;
  } = {},
) {
  const runs: FlowRunInput[] = [];
  const ingested: IngestFilesInput[] = [];
  const runner: FlowRunner = {
    prepare: vi.fn(async () => {
      if (options.prepareError) throw options.prepareError;
      return { canStream: options.canStream ?? true };
    }),
    run: vi.fn(async (input: FlowRunInput) => {
      runs.push(input);
      for (const token of ["Hello", " there"]) {
        if (options.hang) {
          await new Promise((_, reject) =>
            input.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          );
        }
        input.onToken?.(token);
      }
      if (options.fail) throw options.fail;
      return answer;
    }),
    ingestFiles: vi.fn(async (input: IngestFilesInput) => {
      if (options.ingestError) throw options.ingestError;
      ingested.push(input);
    }),
  };
  return { runner, runs, ingested };
}

const deferred: Array<() => Promise<void>> = [];
const recorded: NewPredictionRun[] = [];
const deps = (runner: FlowRunner) => ({
  runner,
  defer: (task: () => Promise<void>) => void deferred.push(task),
  recordRun: (run: NewPredictionRun) => void recorded.push(run),
});

beforeEach(() => {
  saved.length = 0;
  deferred.length = 0;
  recorded.length = 0;
});

describe("handlePrediction", () => {
  it("stores the request's files and uploads for the chat before the run, and none when there are none", async () => {
    const { runner, runs, ingested } = fakeRunner();
    const upload = {
      data: "data:text/plain;base64,aGVsbG8=",
      type: "file",
      name: "a.txt",
      mime: "text/plain",
    };
    const response = await handlePrediction(
      post({ question: "Hi", chatId: "c1", uploads: [upload] }),
      chatflow(),
      deps(runner),
    );
    expect(response.status).toBe(200);
    expect(ingested).toEqual([
      expect.objectContaining({
        chatId: "c1",
        files: [{ name: "a.txt", mime: "text/plain", bytes: new Uint8Array(Buffer.from("hello")) }],
        overrideConfig: {},
      }),
    ]);
    expect(runs).toHaveLength(1);

    await handlePrediction(post({ question: "Hi" }), chatflow(), deps(runner));
    expect(ingested).toHaveLength(1);
  });

  it("answers a refused file as a JSON error before streaming and does not run the flow", async () => {
    const { runner, runs } = fakeRunner({ ingestError: badRequest("No loader reads png files") });
    const upload = { data: "data:text/plain,hi%20there", type: "file", name: "a.txt", mime: "" };
    await expect(
      handlePrediction(
        post({ question: "Hi", streaming: true, uploads: [upload] }),
        chatflow(),
        deps(runner),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: "No loader reads png files" });
    expect(vi.mocked(runner.ingestFiles).mock.calls[0][0].files[0].bytes).toEqual(
      new TextEncoder().encode("hi there"),
    );
    expect(runs).toEqual([]);
  });

  it("answers JSON with the run's text, session fields and metadata, and stores the exchange", async () => {
    const { runner, runs } = fakeRunner();
    const flow = chatflow();
    const response = await handlePrediction(post({ question: "Hi", chatId: "c1" }), flow, deps(runner));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      text: "Hello there",
      question: "Hi",
      chatId: "c1",
      chatMessageId: "msg-1",
      sessionId: "c1",
      sourceDocuments: [],
      usedTools: answer.usedTools,
      followUpPrompts: [],
      metadata: {
        model: "m",
        temperature: 0.5,
        usage: { promptTokens: 2, completionTokens: 1, totalTokens: 3 },
        durationMs: expect.any(Number),
      },
    });
    expect(runs[0]).toMatchObject({
      question: "Hi",
      chatId: "c1",
      sessionId: "c1",
      overrideConfig: {},
      onToken: undefined,
    });
    expect(saved).toEqual([
      expect.objectContaining({
        chatflowId: flow.id,
        chatId: "c1",
        sessionId: "c1",
        question: "Hi",
        answer: "Hello there",
      }),
    ]);
    expect(recorded).toEqual([
      {
        workspaceId: "ws",
        chatflowId: flow.id,
        chatId: "c1",
        sessionId: "c1",
        streaming: false,
        status: "success",
        durationMs: expect.any(Number),
        model: "m",
        promptTokens: 2,
        completionTokens: 1,
        totalTokens: 3,
        errorMessage: null,
      },
    ]);
  });

  it("streams start, tokens, metadata and end when asked and the flow can", async () => {
    const { runner } = fakeRunner();
    const response = await handlePrediction(
      post({ question: "Hi", chatId: "c1", streaming: true, overrideConfig: { sessionId: "s1" } }),
      chatflow(),
      deps(runner),
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const text = await response.text();
    const events = text.split("\n\n").filter(Boolean);
    expect(events.slice(0, 3)).toEqual([
      'event: token\ndata: {"event":"start","data":"","token":""}',
      'event: token\ndata: {"event":"token","data":"Hello","token":"Hello"}',
      'event: token\ndata: {"event":"token","data":" there","token":" there"}',
    ]);
    expect(events[3].startsWith("event: metadata\ndata: ")).toBe(true);
    const metadata = JSON.parse(events[3].slice("event: metadata\ndata: ".length));
    const fields = {
      question: "Hi",
      chatId: "c1",
      chatMessageId: "msg-1",
      sessionId: "s1",
      sourceDocuments: [],
      usedTools: answer.usedTools,
      metadata: expect.objectContaining({ model: "m" }),
    };
    expect(metadata).toEqual({ event: "metadata", data: fields, ...fields });
    expect(metadata).not.toHaveProperty("followUpPrompts");
    expect(events[4]).toBe("event: end\ndata: {}");
    expect(events).toHaveLength(5);
    expect(recorded).toEqual([
      expect.objectContaining({ status: "success", streaming: true, sessionId: "s1", totalTokens: 3 }),
    ]);
  });

  it("answers JSON when the flow cannot stream or the chatflow turned streaming off", async () => {
    for (const [canStream, isStreaming] of [
      [false, true],
      [true, false],
    ]) {
      const { runner } = fakeRunner({ canStream });
      const response = await handlePrediction(
        post({ question: "Hi", streaming: true }),
        chatflow({ isStreaming }),
        deps(runner),
      );
      expect(response.headers.get("content-type")).toContain("application/json");
    }
  });

  it("turns a run failure after the start into an error event and stores nothing", async () => {
    const { runner } = fakeRunner({ fail: new ApiError(502, "Model provider failed: 500") });
    const response = await handlePrediction(
      post({ question: "Hi", streaming: true }),
      chatflow(),
      deps(runner),
    );
    const text = await response.text();
    expect(
      text.endsWith(
        'event: error\ndata: {"event":"error","data":"Model provider failed: 500","message":"Model provider failed: 500"}\n\nevent: end\ndata: {}\n\n',
      ),
    ).toBe(true);
    expect(saved).toEqual([]);
    expect(recorded).toEqual([
      expect.objectContaining({
        status: "error",
        streaming: true,
        errorMessage: "Model provider failed: 500",
        model: null,
        totalTokens: null,
      }),
    ]);
  });

  it("throws a JSON-path run failure to the route (502 stays 502)", async () => {
    const { runner } = fakeRunner({ fail: new ApiError(502, "Model provider failed") });
    await expect(handlePrediction(post({ question: "Hi" }), chatflow(), deps(runner))).rejects.toMatchObject({
      statusCode: 502,
    });
    expect(saved).toEqual([]);
    expect(recorded).toEqual([
      expect.objectContaining({ status: "error", streaming: false, errorMessage: "Model provider failed" }),
    ]);
  });

  it("records an unexpected failure with the generic message the client saw, not the error's own", async () => {
    const { runner } = fakeRunner({ fail: new Error("connect to sk-secret-host failed") });
    await expect(handlePrediction(post({ question: "Hi" }), chatflow(), deps(runner))).rejects.toThrow();
    expect(recorded).toEqual([expect.objectContaining({ status: "error", errorMessage: "Internal error" })]);
  });

  it("records nothing for a request refused before the run", async () => {
    const { runner } = fakeRunner();
    await expect(
      handlePrediction(post({ question: "Hi" }, { authorization: "Bearer bad" }), chatflow(), deps(runner)),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(recorded).toEqual([]);
  });

  it("checks access, rate limit, body and flow before running, in that order", async () => {
    const limited = chatflow({
      apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 1, limitDuration: 60 } }),
    });
    const { runner } = fakeRunner({
      prepareError: badRequest('Node "llmChain_0" is missing its input "model"'),
    });
    const run = (body: unknown, headers: Record<string, string> = {}) =>
      handlePrediction(post(body, headers), limited, deps(runner)).catch(
        (error: ApiError) => `${error.statusCode} ${error.message}`,
      );

    expect(await run({}, { authorization: "Bearer bad" })).toBe("401 Invalid API key");
    expect(await run({})).toBe("400 question is required"); // the first counted request
    expect(await run({ question: "Hi" })).toBe("429 Too many requests");
    expect(runner.prepare).not.toHaveBeenCalled();
    const unlimited = chatflow();
    expect(
      await handlePrediction(post({ question: "Hi" }), unlimited, deps(runner)).catch(
        (e: ApiError) => e.message,
      ),
    ).toBe('Node "llmChain_0" is missing its input "model"');
    expect(runner.run).not.toHaveBeenCalled();
  });

  it("ignores overrides when the chatflow disables them and says so in a header", async () => {
    const { runner, runs } = fakeRunner();
    const flow = chatflow({ apiConfig: JSON.stringify({ overrideConfig: { status: false } }) });
    const response = await handlePrediction(
      post({ question: "Hi", chatId: "c2", overrideConfig: { temperature: 0, sessionId: "s" } }),
      flow,
      deps(runner),
    );
    expect(response.headers.get("x-override-config")).toBe("ignored");
    expect(runs[0]).toMatchObject({ overrideConfig: {}, sessionId: "c2" });
  });

  it("passes honoured overrides to the run with maxTokens capped", async () => {
    const { runner, runs } = fakeRunner();
    await handlePrediction(
      post({ question: "Hi", overrideConfig: { temperature: 0, maxTokens: 1_000_000, systemMessage: "x" } }),
      chatflow(),
      deps(runner),
    );
    expect(runs[0].overrideConfig).toEqual({ temperature: 0, maxTokens: 4096, systemMessage: "x" });
  });

  it("refuses a loopback webhook before running, and defers an allowed one until after the run", async () => {
    const { runner } = fakeRunner();
    const refused = await handlePrediction(
      post({ question: "Hi", overrideConfig: { webhookUrl: "http://127.0.0.1:9/hook" } }),
      chatflow(),
      deps(runner),
    ).catch((error: ApiError) => ({ statusCode: error.statusCode, message: error.message }));
    expect(refused).toEqual({
      statusCode: 400,
      message:
        "Invalid request body: overrideConfig.webhookUrl: not allowed: 127.0.0.1 resolves to a private address (127.0.0.1)",
    });
    expect(runner.run).not.toHaveBeenCalled();
    expect(deferred).toHaveLength(0);
  });

  it("stores nothing and stops the run when the streaming client disconnects", async () => {
    const { runner, runs } = fakeRunner({ hang: true });
    const response = await handlePrediction(
      post({ question: "Hi", streaming: true }),
      chatflow(),
      deps(runner),
    );
    const reader = response.body!.getReader();
    await reader.read(); // the start event
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    await reader.cancel();
    await vi.waitFor(() => expect(runs[0].signal.aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(saved).toEqual([]);
    expect(recorded).toEqual([
      expect.objectContaining({ status: "aborted", streaming: true, errorMessage: null }),
    ]);
  });
});
