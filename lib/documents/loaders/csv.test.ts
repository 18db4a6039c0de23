import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { sourceFile } from "../testing/fixtures";

const csv = [
  "name,comment,score",
  'Ada,"likes commas, and ""quotes""",10',
  "",
  'Linus,"two',
  'lines",7',
  "Grace,,9",
].join("\r\n");

const meta = (rowFrom: number, rowTo: number) => ({ source: "people.csv", fileType: "csv", rowFrom, rowTo });

describe("CSV loader", () => {
  it("loads one document per row, keeping quoted commas and line breaks inside their field", async () => {
    expect(await loadFile(sourceFile("people.csv", csv))).toEqual([
      { pageContent: 'name: Ada\ncomment: likes commas, and "quotes"\nscore: 10', metadata: meta(2, 2) },
      { pageContent: "name: Linus\ncomment: two\nlines\nscore: 7", metadata: meta(4, 4) },
      { pageContent: "name: Grace\nscore: 9", metadata: meta(5, 5) },
    ]);
  });

  it("groups rowsPerDocument whole rows per document", async () => {
    expect(await loadFile(sourceFile("people.csv", csv), { rowsPerDocument: 2 })).toEqual([
      {
        pageContent:
          'name: Ada\ncomment: likes commas, and "quotes"\nscore: 10\n\nname: Linus\ncomment: two\nlines\nscore: 7',
        metadata: meta(2, 4),
      },
      { pageContent: "name: Grace\nscore: 9", metadata: meta(5, 5) },
    ]);
  });

  it("detects semicolons and names missing headers by column number", async () => {
    const documents = await loadFile(sourceFile("eu.csv", "city;;population\nParis;FR;2100000;extra\n"));
    expect(documents).toEqual([
      {
        pageContent: "city: Paris\nColumn 2: FR\npopulation: 2100000\nColumn 4: extra",
        metadata: { source: "eu.csv", fileType: "csv", rowFrom: 2, rowTo: 2 },
      },
    ]);
  });

  it("loads nothing from a header-only file", async () => {
    expect(await loadFile(sourceFile("head.csv", "a,b\n"))).toEqual([]);
  });

  it("rejects an unterminated quoted field with 400", async () => {
    await expect(loadFile(sourceFile("bad.csv", 'a,b\n1,"never closed\n2,3\n'))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Could not read "bad.csv": a quoted field starting in row 2 is never closed',
    });
  });

  it("rejects a bad rowsPerDocument with 400", async () => {
    await expect(loadFile(sourceFile("people.csv", csv), { rowsPerDocument: 0 })).rejects.toMatchObject({
      statusCode: 400,
      message: "rowsPerDocument must be a positive integer (got 0)",
    });
  });
});
