import { describe, expect, it } from "vitest";
import { badGateway } from "./errors";
import { createSseResponse, type SseWriter } from "./sse";

const decoder = new TextDecoder();

async function readAll(response: Response): Promise<string> {
  return await response.text();
}

describe("createSseResponse", () => {
  it("sends the SSE headers", () => {
    const response = createSseResponse(async (writer) => writer.end());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("connection")).toBe("keep-alive");
  });

  it("frames start, tokens, metadata and end exactly as API.md", async () => {
    const response = createSseResponse(async (writer) => {
      writer.start();
      writer.token("Hel");
      writer.token("");
      writer.token("lo");
      writer.metadata({ chatId: "c1", usedTools: [] });
      writer.end();
    });
    expect(await readAll(response)).toBe(
      'event: token\ndata: {"event":"start","data":"","token":""}\n\n' +
        'event: token\ndata: {"event":"token","data":"Hel","token":"Hel"}\n\n' +
        'event: token\ndata: {"event":"token","data":"lo","token":"lo"}\n\n' +
        'event: metadata\ndata: {"event":"metadata","data":{"chatId":"c1","usedTools":[]},"chatId":"c1","usedTools":[]}\n\n' +
        "event: end\ndata: {}\n\n",
    );
  });

  it("turns a failure after the start into an error event and end", async () => {
    const response = createSseResponse(async (writer) => {
      writer.start();
      throw badGateway("Model provider failed");
    });
    expect(await readAll(response)).toBe(
      'event: token\ndata: {"event":"start","data":"","token":""}\n\n' +
        'event: error\ndata: {"event":"error","data":"Model provider failed","message":"Model provider failed"}\n\n' +
        "event: end\ndata: {}\n\n",
    );
  });

  it("hides the message of an unexpected error", async () => {
    const response = createSseResponse(async () => {
      throw new Error("SELECT secret FROM table");
    });
    const text = await readAll(response);
    expect(text).toBe(
      'event: error\ndata: {"event":"error","data":"Internal error","message":"Internal error"}\n\nevent: end\ndata: {}\n\n',
    );
  });

  it("writes each token as soon as it is sent", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const response = createSseResponse(async (writer) => {
      writer.token("first");
      await gate;
      writer.end();
    });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(decoder.decode(value)).toBe(
      'event: token\ndata: {"event":"token","data":"first","token":"first"}\n\n',
    );
    release();
    const rest = await reader.read();
    expect(decoder.decode(rest.value)).toBe("event: end\ndata: {}\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("sends a ping comment at the configured interval while idle", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const response = createSseResponse(
      async (writer) => {
        await gate;
        writer.end();
      },
      { pingMs: 20 },
    );
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(decoder.decode(value)).toBe(": ping\n\n");
    release();
    let rest = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      rest += decoder.decode(chunk.value);
    }
    expect(rest.endsWith("event: end\ndata: {}\n\n")).toBe(true);
  });

  it("aborts the run when the client cancels the stream", async () => {
    let seen: SseWriter | undefined;
    const response = createSseResponse(async (writer) => {
      seen = writer;
      writer.start();
      await new Promise((resolve) => writer.signal.addEventListener("abort", resolve));
      writer.token("late"); // ignored: nobody is listening
    });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(seen?.signal.aborted).toBe(true);
    expect(seen?.isClosed).toBe(true);
  });

  it("aborts the run when the request signal aborts", async () => {
    const request = new AbortController();
    let signal: AbortSignal | undefined;
    const response = createSseResponse(
      async (writer) => {
        signal = writer.signal;
        await new Promise((resolve) => writer.signal.addEventListener("abort", resolve));
      },
      { requestSignal: request.signal },
    );
    const reader = response.body!.getReader();
    request.abort();
    expect(signal?.aborted).toBe(true);
    await reader.cancel();
  });

  it("does not abort the run's signal when the stream ends normally", async () => {
    let signal: AbortSignal | undefined;
    const response = createSseResponse(async (writer) => {
      signal = writer.signal;
      writer.end();
    });
    await readAll(response);
    expect(signal?.aborted).toBe(false);
  });
});
