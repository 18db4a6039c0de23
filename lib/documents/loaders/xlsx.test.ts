import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { makeXlsx, sourceFile } from "../testing/fixtures";

describe("XLSX loader", () => {
  it("loads each sheet's rows as header: value lines with sheet and row metadata", async () => {
    const bytes = await makeXlsx({
      Products: [
        ["Name", "Price", "Qty", "Total"],
        ["Widget", 2.5, 4, { formula: "B2*C2", result: 10 }],
        ["Gadget", 10, null, { formula: "B3*2", result: 20 }],
      ],
      Events: [
        [],
        ["When", "What", null],
        [new Date(Date.UTC(2024, 0, 31)), "Launch", "extra"],
        [
          new Date(Date.UTC(2024, 1, 1, 9, 30)),
          { richText: [{ text: "Rich " }, { text: "text", font: { bold: true } }] },
          null,
        ],
      ],
      Empty: [],
    });
    expect(await loadFile(sourceFile("book.xlsx", bytes))).toEqual([
      {
        pageContent: "Name: Widget\nPrice: 2.5\nQty: 4\nTotal: 10\n\nName: Gadget\nPrice: 10\nTotal: 20",
        metadata: { source: "book.xlsx", fileType: "xlsx", sheet: "Products", rowFrom: 2, rowTo: 3 },
      },
      {
        pageContent:
          "When: 2024-01-31\nWhat: Launch\nColumn 3: extra\n\nWhen: 2024-02-01T09:30:00\nWhat: Rich text",
        metadata: { source: "book.xlsx", fileType: "xlsx", sheet: "Events", rowFrom: 3, rowTo: 4 },
      },
    ]);
  });

  it("splits big sheets into row ranges of rowsPerDocument", async () => {
    const rows = [["n"], ...Array.from({ length: 5 }, (_, i) => [i + 1])];
    const documents = await loadFile(sourceFile("big.xlsx", await makeXlsx({ Data: rows })), {
      rowsPerDocument: 2,
    });
    expect(documents.map((d) => [d.pageContent, d.metadata.rowFrom, d.metadata.rowTo])).toEqual([
      ["n: 1\n\nn: 2", 2, 3],
      ["n: 3\n\nn: 4", 4, 5],
      ["n: 5", 6, 6],
    ]);
  });

  it("rejects a workbook whose parts are damaged with 400", async () => {
    const bytes = await makeXlsx({ Data: [["a"], ["b"]] });
    const damaged = bytes.slice();
    for (let i = 60; i < 1500; i++) damaged[i] = 0xff - damaged[i];
    await expect(loadFile(sourceFile("book.xlsx", damaged))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /^Could not read "book\.xlsx": the Excel workbook is damaged or incomplete/,
      ),
    });
  });
});
