import { describe, expect, it } from "vitest";
import { parseJsonPointers } from "./json-pointers";
import { parseStoredFiles } from "./stored-files";

const node = { id: "textFile_0", label: "Text File" };
const dataUrl = (text: string, name: string) =>
  `data:text/plain;base64,${Buffer.from(text).toString("base64")},filename:${name}`;

describe("parseStoredFiles", () => {
  it("reads one data: URL or a JSON list of them, with their names", () => {
    const [single] = parseStoredFiles(node, dataUrl("hello", "a.txt"));
    expect(single).toEqual({
      name: "a.txt",
      mime: "text/plain",
      bytes: new Uint8Array(Buffer.from("hello")),
    });
    const many = parseStoredFiles(node, JSON.stringify([dataUrl("one", "1.txt"), dataUrl("two", "2.md")]));
    expect(many.map((file) => [file.name, Buffer.from(file.bytes).toString()])).toEqual([
      ["1.txt", "one"],
      ["2.md", "two"],
    ]);
  });

  it("gives nothing for an empty input", () => {
    expect(parseStoredFiles(node, undefined)).toEqual([]);
    expect(parseStoredFiles(node, "  ")).toEqual([]);
  });

  it("refuses Flowise storage references and other text with a 400 naming the node", () => {
    expect(() => parseStoredFiles(node, 'FILE-STORAGE::["a.txt"]')).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: expect.stringMatching(/^Node textFile_0 \(Text File\) refers to files/),
      }),
    );
    expect(() => parseStoredFiles(node, "just text")).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => parseStoredFiles(node, "[not json")).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe("parseJsonPointers", () => {
  it("keeps pointers, turns bare names into top-level pointers and ignores blanks", () => {
    expect(parseJsonPointers("/items, title ,, a/b")).toEqual(["/items", "/title", "/a~1b"]);
    expect(parseJsonPointers("")).toBeUndefined();
    expect(parseJsonPointers(undefined)).toBeUndefined();
  });
});
