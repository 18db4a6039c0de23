import { describe, expect, it } from "vitest";
import { characterTextSplitter } from "./character";

describe("characterTextSplitter", () => {
  it("cuts only at the separator and packs pieces up to chunkSize", () => {
    const splitter = characterTextSplitter({ separator: "\n", chunkSize: 12, chunkOverlap: 0 });
    expect(splitter.splitText("alpha\nbeta\ngamma delta\nepsilon")).toEqual([
      "alpha\nbeta",
      "gamma delta",
      "epsilon",
    ]);
  });

  it("drops the separator at chunk edges and repeats whole pieces as overlap", () => {
    const splitter = characterTextSplitter({ separator: "|", chunkSize: 7, chunkOverlap: 3 });
    expect(splitter.splitText("aa|bb|cc|dd|ee")).toEqual(["aa|bb", "bb|cc", "cc|dd", "dd|ee"]);
  });

  it("defaults to blank-line separators", () => {
    const splitter = characterTextSplitter({ chunkSize: 14, chunkOverlap: 0 });
    expect(splitter.splitText("one two\nthree\n\nfour")).toEqual(["one two\nthree", "four"]);
  });

  it("cuts a piece longer than chunkSize into windows so no chunk is longer", () => {
    const splitter = characterTextSplitter({ separator: " ", chunkSize: 5, chunkOverlap: 2 });
    expect(splitter.splitText("ab abcdefghi cd")).toEqual(["ab", "abcde", "defgh", "ghi", "cd"]);
  });

  it("with an empty separator, cuts fixed windows", () => {
    expect(
      characterTextSplitter({ separator: "", chunkSize: 4, chunkOverlap: 2 }).splitText("abcdefgh"),
    ).toEqual(["abcd", "cdef", "efgh"]);
  });

  it("adds chunk and line metadata to documents", () => {
    const splitter = characterTextSplitter({ separator: "\n\n", chunkSize: 12, chunkOverlap: 0 });
    const chunks = splitter.splitDocuments([{ pageContent: "first\n\nsecond\nline", metadata: { page: 3 } }]);
    expect(chunks).toEqual([
      { pageContent: "first", metadata: { page: 3, chunk: 0, lineFrom: 1, lineTo: 1 } },
      { pageContent: "second\nline", metadata: { page: 3, chunk: 1, lineFrom: 3, lineTo: 4 } },
    ]);
  });

  it("rejects chunkOverlap not smaller than chunkSize with 400", () => {
    expect(() => characterTextSplitter({ chunkSize: 10, chunkOverlap: 20 })).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: "chunkOverlap (20) must be smaller than chunkSize (10)",
      }),
    );
  });
});
