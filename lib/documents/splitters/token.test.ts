import { Tiktoken } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it } from "vitest";
import { tokenTextSplitter } from "./token";

const encoder = new Tiktoken(cl100kBase);
const encode = (text: string) => encoder.encode(text, [], []);

describe("tokenTextSplitter", () => {
  it("cuts windows of chunkSize cl100k_base tokens that share chunkOverlap tokens", () => {
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const tokens = encode(text);
    const chunks = tokenTextSplitter({ chunkSize: 20, chunkOverlap: 5 }).splitText(text);
    const expected: string[] = [];
    for (let from = 0; ; from += 15) {
      expected.push(encoder.decode(tokens.slice(from, from + 20)));
      if (from + 20 >= tokens.length) break;
    }
    expect(chunks).toEqual(expected);
    for (let i = 0; i + 1 < chunks.length; i++) {
      expect(encode(chunks[i])).toHaveLength(20);
      expect(encode(chunks[i]).slice(-5)).toEqual(encode(chunks[i + 1]).slice(0, 5));
    }
  });

  it("never cuts inside a character made of several tokens", () => {
    const text = "日本語のテキスト🙂🙂🙂 and Ünïcödé ".repeat(20);
    const withOverlap = tokenTextSplitter({ chunkSize: 3, chunkOverlap: 1 }).splitText(text);
    expect(withOverlap.length).toBeGreaterThan(100);
    expect(withOverlap.filter((chunk) => chunk.includes("\uFFFD"))).toEqual([]);
    // Without overlap the chunks are consecutive slices: together they are the text again.
    const chunks = tokenTextSplitter({ chunkSize: 3, chunkOverlap: 0 }).splitText(text);
    expect(chunks.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });

  it("moves a window edge back to the end of a character split across tokens", () => {
    // Each emoji is two cl100k_base tokens: a 3-token window holds one whole emoji.
    expect(encode("🙂🙂🙂")).toHaveLength(6);
    expect(tokenTextSplitter({ chunkSize: 3, chunkOverlap: 0 }).splitText("🙂🙂🙂")).toEqual([
      "🙂",
      "🙂",
      "🙂",
    ]);
  });

  it("treats special-token text as ordinary text", () => {
    expect(
      tokenTextSplitter({ chunkSize: 50, chunkOverlap: 0 }).splitText("before <|endoftext|> after"),
    ).toEqual(["before <|endoftext|> after"]);
  });

  it("adds chunk and line metadata", () => {
    const chunks = tokenTextSplitter({ chunkSize: 2, chunkOverlap: 0 }).splitDocuments([
      { pageContent: "alpha\nbeta", metadata: { source: "a.txt" } },
    ]);
    expect(chunks.map((chunk) => [chunk.pageContent, chunk.metadata])).toEqual(
      [
        ["alpha\n", { source: "a.txt", chunk: 0, lineFrom: 1, lineTo: 1 }],
        ["beta", { source: "a.txt", chunk: 1, lineFrom: 2, lineTo: 2 }],
      ].map(([text, metadata]) => [text, metadata]),
    );
  });

  it("rejects chunkOverlap not smaller than chunkSize with 400", () => {
    expect(() => tokenTextSplitter({ chunkSize: 5, chunkOverlap: 5 })).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: "chunkOverlap (5) must be smaller than chunkSize (5)",
      }),
    );
  });
});
