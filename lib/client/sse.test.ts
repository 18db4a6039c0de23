import { describe, expect, it } from "vitest";
import { readSseEvents, type SseEvent } from "./sse";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe("readSseEvents", () => {
  it("yields each event with its name and data", async () => {
    const events = await collect([
      'event: token\ndata: {"event":"token","token":"Hel"}\n\n',
      'event: metadata\ndata: {"chatId":"c1"}\n\nevent: end\ndata: {}\n\n',
    ]);
    expect(events).toEqual([
      { event: "token", data: '{"event":"token","token":"Hel"}' },
      { event: "metadata", data: '{"chatId":"c1"}' },
      { event: "end", data: "{}" },
    ]);
  });

  it("joins frames split anywhere across chunks, including inside a CRLF", async () => {
    const events = await collect(["event: tok", "en\r", "\ndata: a", "b\r\n\r", "\n"]);
    expect(events).toEqual([{ event: "token", data: "ab" }]);
  });

  it("skips comments, defaults the name to message and joins multi-line data", async () => {
    const events = await collect([": ping\n\ndata: one\ndata: two\n\n"]);
    expect(events).toEqual([{ event: "message", data: "one\ntwo" }]);
  });

  it("delivers a last event that lacks its closing blank line", async () => {
    const events = await collect(["event: end\ndata: {}"]);
    expect(events).toEqual([{ event: "end", data: "{}" }]);
  });

  it("decodes multi-byte characters split between chunks", async () => {
    const bytes = new TextEncoder().encode("data: café\n\n");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 9));
        controller.enqueue(bytes.slice(9));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(stream)) events.push(event);
    expect(events).toEqual([{ event: "message", data: "café" }]);
  });
});
