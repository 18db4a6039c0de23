import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { makeDocx, sourceFile } from "../testing/fixtures";

describe("DOCX loader", () => {
  it("loads the raw text of headings, runs and table cells as one document", async () => {
    const documents = await loadFile(sourceFile("report.docx", await makeDocx()));
    expect(documents).toEqual([
      {
        pageContent: "Quarterly report\n\nRevenue grew twelve percent.\n\nRegion\n\nSales\n\nNorth\n\n120",
        metadata: { source: "report.docx", fileType: "docx" },
      },
    ]);
  });

  it("rejects a ZIP whose Word parts are damaged with 400", async () => {
    const bytes = await makeDocx();
    // Corrupt the compressed data while leaving the ZIP directory readable.
    const damaged = bytes.slice();
    for (let i = 100; i < Math.min(damaged.length - 1000, 2000); i++) damaged[i] = 0xff - damaged[i];
    await expect(loadFile(sourceFile("report.docx", damaged))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /^Could not read "report\.docx": the Word document is damaged or incomplete/,
      ),
    });
  });
});
