// A server-sent-events reader for fetch responses. EventSource cannot POST, and predictions are
// POSTs, so the frames are parsed here, following the WHATWG event-stream rules.

export interface SseEvent {
  event: string;
  data: string;
}

/** Splits a text buffer into complete lines; returns them and the unfinished rest. */
function takeLines(buffer: string): { lines: string[]; rest: string } {
  const lines: string[] = [];
  let start = 0;
  for (let index = 0; index < buffer.length; index++) {
    const char = buffer[index];
    if (char !== "\n" && char !== "\r") continue;
    // A "\r" at the very end may be the first half of "\r\n": wait for the next chunk.
    if (char === "\r" && index === buffer.length - 1) break;
    lines.push(buffer.slice(start, index));
    if (char === "\r" && buffer[index + 1] === "\n") index++;
    start = index + 1;
  }
  return { lines, rest: buffer.slice(start) };
}

/** Parses an event stream into events as their blank-line terminators arrive. */
export async function* readSseEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let eventName = "";
  let dataLines: string[] = [];
  let hasData = false;

  function* handle(lines: string[]): Generator<SseEvent> {
    for (const line of lines) {
      if (line === "") {
        if (hasData) yield { event: eventName || "message", data: dataLines.join("\n") };
        eventName = "";
        dataLines = [];
        hasData = false;
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") eventName = value;
      else if (field === "data") {
        dataLines.push(value);
        hasData = true;
      }
    }
  }

  try {
    while (true) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const { lines, rest } = takeLines(done ? `${buffer}\n` : buffer);
      buffer = done ? "" : rest;
      yield* handle(lines);
      if (done) {
        // A stream that ends without a final blank line still delivers its last event.
        yield* handle([""]);
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
