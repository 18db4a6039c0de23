import { log } from "@/lib/log";
import { ApiError } from "./errors";

// Server-sent events in the framing of API.md ("Streaming (SSE)"): an `event:` line and one `data:`
// line of JSON per event. The JSON repeats the event name (`event`) and carries `data`, so clients
// written for Flowise's stream, which switch on the JSON and ignore the `event:` line, work unchanged.

// `Cache-Control` exactly as API.md says. Next compresses streamed responses but flushes after every
// write, so events still leave at once; X-Accel-Buffering turns off nginx's buffering.
export const sseHeaders: Record<string, string> = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

export const DEFAULT_PING_MS = 15_000;

export interface SseWriter {
  /** Aborted when the client goes away (or the stream is closed): the run must stop. */
  readonly signal: AbortSignal;
  /** True once the stream is closed, by us or by the client. */
  readonly isClosed: boolean;
  send(event: string, payload: unknown): void;
  /** The first event: an empty token whose JSON `event` is `start` (Flowise's widget opens its bubble on it). */
  start(): void;
  token(text: string): void;
  metadata(fields: Record<string, unknown>): void;
  /** A failure after the stream started: `error`, then `end`, then close. */
  fail(message: string): void;
  /** `end` with `data: {}`, then close. */
  end(): void;
  close(): void;
}

export interface SseOptions {
  /** Keep-alive comment interval; proxies close streams that stay silent too long. */
  pingMs?: number;
  /** The request's signal: Next aborts it when the client disconnects. */
  requestSignal?: AbortSignal;
}

const encoder = new TextEncoder();

export const frameEvent = (event: string, payload: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;

/**
 * A text/event-stream response whose body `produce` writes. Every event is enqueued as soon as it
 * is written (no batching). `produce` runs right away; when it throws, the failure becomes an
 * `error` event (an ApiError's message; anything else is logged and sent as "Internal error"). Whatever happens, the stream ends and the ping timer stops.
 */
export function createSseResponse(
  produce: (writer: SseWriter) => Promise<void>,
  options: SseOptions = {},
  headers: Record<string, string> = {},
): Response {
  const abort = new AbortController();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const onRequestAbort = () => shutDown();

  function shutDown() {
    if (closed) return;
    closed = true;
    if (timer) clearInterval(timer);
    options.requestSignal?.removeEventListener("abort", onRequestAbort);
    if (!abort.signal.aborted) abort.abort(new DOMException("The client disconnected", "AbortError"));
  }

  function write(text: string) {
    if (closed || !controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      shutDown(); // the consumer is gone
    }
  }

  const writer: SseWriter = {
    signal: abort.signal,
    get isClosed() {
      return closed;
    },
    send: (event, payload) => write(frameEvent(event, payload)),
    start: () => write(frameEvent("token", { event: "start", data: "", token: "" })),
    token: (text) => {
      if (text !== "") write(frameEvent("token", { event: "token", data: text, token: text }));
    },
    metadata: (fields) => write(frameEvent("metadata", { event: "metadata", data: fields, ...fields })),
    fail: (message) => {
      write(frameEvent("error", { event: "error", data: message, message }));
      writer.end();
    },
    end: () => {
      write(frameEvent("end", {}));
      writer.close();
    },
    close: () => {
      if (closed) return;
      // Mark closed first so that the abort below reads as "finished", not as a disconnect.
      const ending = controller;
      closed = true;
      if (timer) clearInterval(timer);
      options.requestSignal?.removeEventListener("abort", onRequestAbort);
      try {
        ending?.close();
      } catch {
        // already closed by the consumer
      }
    },
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      if (options.requestSignal?.aborted) return shutDown();
      options.requestSignal?.addEventListener("abort", onRequestAbort);
      timer = setInterval(() => write(": ping\n\n"), options.pingMs ?? DEFAULT_PING_MS);
      timer.unref?.();
      void produce(writer).then(
        () => writer.close(),
        (error: unknown) => {
          if (closed) return;
          if (!(error instanceof ApiError)) log.error("stream failed", { error });
          writer.fail(error instanceof ApiError ? error.message : "Internal error");
        },
      );
    },
    cancel() {
      shutDown();
    },
  });

  return new Response(body, { status: 200, headers: { ...sseHeaders, ...headers } });
}
