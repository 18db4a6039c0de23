import { describe, expect, it } from "vitest";
import { loadFile } from "../load";
import { makePdf, sourceFile } from "../testing/fixtures";

describe("PDF loader", () => {
  it("loads one document per page with page metadata", async () => {
    const bytes = await makePdf(["First page, line one.\nLine two: café naïve.", "Second page."]);
    expect(await loadFile(sourceFile("guide.pdf", bytes))).toEqual([
      {
        pageContent: "First page, line one.\nLine two: café naïve.",
        metadata: { source: "guide.pdf", fileType: "pdf", page: 1, totalPages: 2 },
      },
      {
        pageContent: "Second page.",
        metadata: { source: "guide.pdf", fileType: "pdf", page: 2, totalPages: 2 },
      },
    ]);
  });

  it("skips pages without text", async () => {
    const bytes = await makePdf(["", "Only text."]);
    expect(await loadFile(sourceFile("scan.pdf", bytes))).toEqual([
      {
        pageContent: "Only text.",
        metadata: { source: "scan.pdf", fileType: "pdf", page: 2, totalPages: 2 },
      },
    ]);
  });

  it("rejects a truncated PDF with 400 naming the file", async () => {
    const bytes = await makePdf(["Some text that will be cut off."]);
    const truncated = bytes.slice(0, Math.floor(bytes.length / 2));
    await expect(loadFile(sourceFile("broken.pdf", truncated))).rejects.toMatchObject({
      statusCode: 400,
      message:
        'Could not read "broken.pdf": the PDF is damaged, incomplete or password-protected (Invalid PDF structure.)',
    });
  });

  it("rejects a file that only starts like a PDF with 400", async () => {
    await expect(loadFile(sourceFile("header-only.pdf", "%PDF-1.7\nnothing else"))).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
