import { afterEach, describe, expect, it, vi } from "vitest";
import { runPrediction } from "./prediction";

function sse(frames: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe("runPrediction", () => {
  it("hands tokens over as they arrive and completes the answer from the metadata event", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        sse([
          frame("token", { event: "start", data: "", token: "" }),
          frame("token", { event: "token", data: "Hel", token: "Hel" }),
          frame("token", { event: "token", data: "lo", token: "lo" }),
          frame("metadata", {
            event: "metadata",
            data: { chatId: "c1", question: "q" },
            chatId: "c1",
            sourceDocuments: [{ pageContent: "doc", metadata: {} }],
            usedTools: [{ tool: "calc", toolInput: {}, toolOutput: "2" }],
          }),
          frame("end", {}),
        ]),
      ),
    );
    const tokens: string[] = [];
    const result = await runPrediction(
      "flow-1",
      { question: "q" },
      { onToken: (token) => tokens.push(token) },
    );
    expect(tokens).toEqual(["Hel", "lo"]);
    expect(result).toEqual({
      chatId: "c1",
      question: "q",
      text: "Hello",
      sourceDocuments: [{ pageContent: "doc", metadata: {} }],
      usedTools: [{ tool: "calc", toolInput: {}, toolOutput: "2" }],
    });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/prediction/flow-1");
    expect(JSON.parse(String(init.body))).toEqual({ streaming: true, question: "q" });
  });

  it("throws the message of an error event sent after the stream started", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        sse([
          frame("token", { event: "token", token: "a" }),
          frame("error", { event: "error", data: "model failed", message: "model failed" }),
          frame("end", {}),
        ]),
      ),
    );
    await expect(runPrediction("f", { question: "q" })).rejects.toThrow("model failed");
  });

  it("returns a JSON answer as is, and throws the JSON error of a refused request", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ text: "whole answer", chatId: "c2" })),
    );
    await expect(runPrediction("f", { question: "q" })).resolves.toEqual({
      text: "whole answer",
      chatId: "c2",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ statusCode: 429, success: false, message: "Too many requests" }, { status: 429 }),
      ),
    );
    await expect(runPrediction("f", { question: "q" })).rejects.toMatchObject({
      status: 429,
      message: "Too many requests",
    });
  });
});
