import { describe, expect, it } from "vitest";
import type { Document } from "../types";
import { recursiveCharacterTextSplitter } from "./recursive-character";

/** Start offsets of consecutive chunks in `text`, found left to right. */
function locate(text: string, chunks: string[]): number[] {
  const starts: number[] = [];
  let from = 0;
  for (const chunk of chunks) {
    const at = text.indexOf(chunk, from);
    expect(at, `chunk ${JSON.stringify(chunk)} not found in order`).toBeGreaterThanOrEqual(0);
    starts.push(at);
    from = at + 1;
  }
  return starts;
}

function randomText(words: number, seed = 7): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    parts.push("w" + Math.floor(next() * 1e6).toString(36));
    const r = next();
    parts.push(r < 0.02 ? "\n\n" : r < 0.08 ? "\n" : " ");
  }
  return parts.join("");
}

describe("recursiveCharacterTextSplitter", () => {
  it("packs words into chunks of at most chunkSize, repeating up to chunkOverlap", () => {
    const splitter = recursiveCharacterTextSplitter({ chunkSize: 10, chunkOverlap: 4 });
    expect(splitter.splitText("aaa bbb ccc ddd eee")).toEqual(["aaa bbb", "bbb ccc", "ccc ddd", "ddd eee"]);
  });

  it("cuts at paragraphs before lines and lines before words", () => {
    const splitter = recursiveCharacterTextSplitter({ chunkSize: 20, chunkOverlap: 0 });
    expect(splitter.splitText("Para one.\n\nPara two is here.\n\nThird.")).toEqual([
      "Para one.",
      "Para two is here.",
      "Third.",
    ]);
    expect(splitter.splitText("line one here\nline two here\nline three")).toEqual([
      "line one here",
      "line two here",
      "line three",
    ]);
  });

  it("cuts a word longer than chunkSize into overlapping windows", () => {
    const splitter = recursiveCharacterTextSplitter({ chunkSize: 4, chunkOverlap: 1 });
    expect(splitter.splitText("abcdefghij")).toEqual(["abcd", "defg", "ghij"]);
  });

  it("never splits a surrogate pair", () => {
    const chunks = recursiveCharacterTextSplitter({ chunkSize: 3, chunkOverlap: 0 }).splitText("🙂🙂🙂🙂");
    expect(chunks).toEqual(["🙂", "🙂", "🙂", "🙂"]);
  });

  it("keeps every chunk within chunkSize, overlaps within chunkOverlap, and covers all the text", () => {
    const text = randomText(5000);
    const chunkSize = 120;
    const chunkOverlap = 30;
    const chunks = recursiveCharacterTextSplitter({ chunkSize, chunkOverlap }).splitText(text);
    const starts = locate(text, chunks);
    for (let i = 0; i < chunks.length; i++) {
      expect(chunks[i].length).toBeLessThanOrEqual(chunkSize);
      expect(chunks[i]).toBe(chunks[i].trim());
      if (i > 0) {
        const previousEnd = starts[i - 1] + chunks[i - 1].length;
        expect(previousEnd - starts[i]).toBeLessThanOrEqual(chunkOverlap);
        // Nothing between two chunks is lost but whitespace.
        expect(text.slice(previousEnd, starts[i]).trim()).toBe("");
      }
    }
    expect(text.slice(0, starts[0]).trim()).toBe("");
    expect(text.slice(starts.at(-1)! + chunks.at(-1)!.length).trim()).toBe("");
    expect(chunks.some((chunk, i) => i > 0 && starts[i] < starts[i - 1] + chunks[i - 1].length)).toBe(true);
  });

  it("uses code separators for code documents so declarations start chunks", () => {
    const code = [
      "import { x } from './x';",
      "",
      "export function first(a: number) {",
      "  return a + 1;",
      "}",
      "",
      "export class Second {",
      "  run() { return x; }",
      "}",
      "interface Third { name: string; size: number }",
    ].join("\n");
    const document: Document = {
      pageContent: code,
      metadata: { source: "a.ts", fileType: "ts", lineFrom: 1, lineTo: 10 },
    };
    const chunks = recursiveCharacterTextSplitter({ chunkSize: 70, chunkOverlap: 0 }).splitDocuments([
      document,
    ]);
    expect(chunks).toEqual([
      {
        pageContent: "import { x } from './x';",
        metadata: { source: "a.ts", fileType: "ts", chunk: 0, lineFrom: 1, lineTo: 1 },
      },
      {
        pageContent: "export function first(a: number) {\n  return a + 1;\n}",
        metadata: { source: "a.ts", fileType: "ts", chunk: 1, lineFrom: 3, lineTo: 5 },
      },
      {
        pageContent: "export class Second {\n  run() { return x; }\n}",
        metadata: { source: "a.ts", fileType: "ts", chunk: 2, lineFrom: 7, lineTo: 9 },
      },
      {
        pageContent: "interface Third { name: string; size: number }",
        metadata: { source: "a.ts", fileType: "ts", chunk: 3, lineFrom: 10, lineTo: 10 },
      },
    ]);
  });

  it("picks Python separators from the language option", () => {
    const code = "import os\n\ndef a():\n    return 1\n\ndef b():\n    return 2\n";
    const chunks = recursiveCharacterTextSplitter({
      chunkSize: 30,
      chunkOverlap: 0,
      language: "py",
    }).splitText(code);
    expect(chunks).toEqual(["import os", "def a():\n    return 1", "def b():\n    return 2"]);
  });

  it("counts chunk lines from the document's own lineFrom and keeps its metadata", () => {
    const document: Document = {
      pageContent: "one\ntwo\n\nthree\nfour",
      metadata: { source: "x.txt", lineFrom: 41, keep: true },
    };
    const chunks = recursiveCharacterTextSplitter({ chunkSize: 12, chunkOverlap: 0 }).splitDocuments([
      document,
    ]);
    expect(chunks.map((chunk) => chunk.metadata)).toEqual([
      { source: "x.txt", lineFrom: 41, lineTo: 42, keep: true, chunk: 0 },
      { source: "x.txt", lineFrom: 44, lineTo: 45, keep: true, chunk: 1 },
    ]);
    expect(chunks.map((chunk) => chunk.pageContent)).toEqual(["one\ntwo", "three\nfour"]);
  });

  it("rejects invalid options with 400", () => {
    const cases: [object, string][] = [
      [{ chunkSize: 100, chunkOverlap: 100 }, "chunkOverlap (100) must be smaller than chunkSize (100)"],
      [{ chunkSize: 0 }, "chunkSize must be a positive integer (got 0)"],
      [{ chunkSize: 10.5 }, "chunkSize must be a positive integer (got 10.5)"],
      [{ chunkSize: 100, chunkOverlap: -1 }, "chunkOverlap must be an integer of 0 or more (got -1)"],
      [{ separators: [] }, "separators must be a non-empty list of strings"],
      [{ language: "rust" }, "language must be one of js, ts, py, java, cpp (got rust)"],
    ];
    for (const [options, message] of cases) {
      expect(() => recursiveCharacterTextSplitter(options)).toThrow(
        expect.objectContaining({ statusCode: 400, message }),
      );
    }
  });

  it("splits 1 MB into 10,000+ chunks in well under a second", () => {
    const text = randomText(170_000);
    const document: Document = {
      pageContent: text,
      metadata: { source: "big.txt", fileType: "txt", lineFrom: 1 },
    };
    const splitter = recursiveCharacterTextSplitter({ chunkSize: 100, chunkOverlap: 20 });
    const started = performance.now();
    const chunks = splitter.splitDocuments([document]);
    const elapsed = performance.now() - started;
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(chunks.length).toBeGreaterThan(10_000);
    expect(elapsed).toBeLessThan(1000);
  });
});
