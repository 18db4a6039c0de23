import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { loadFile } from "./load";
import { makePdf, pngBytes, sourceFile } from "./testing/fixtures";

describe("loadFile", () => {
  it("rejects a PNG with a 415 ApiError before any parser runs", async () => {
    const failure = loadFile(sourceFile("diagram.png", pngBytes, "image/png"));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 415,
      message:
        'Unsupported file "diagram.png": .png files are not supported. Supported types: pdf, docx, xlsx, csv, json, html, xml, md, txt, js, ts, py, java, cpp',
    });
  });

  it("rejects a PDF renamed to .md with 415", async () => {
    const bytes = await makePdf(["text"]);
    await expect(loadFile(sourceFile("notes.md", bytes))).rejects.toMatchObject({ statusCode: 415 });
  });

  it("loads a file without an extension by its content", async () => {
    const bytes = await makePdf(["Found by content."]);
    expect(await loadFile(sourceFile("upload", bytes))).toEqual([
      {
        pageContent: "Found by content.",
        metadata: { source: "upload", fileType: "pdf", page: 1, totalPages: 1 },
      },
    ]);
  });

  it("rejects malformed options with 400", async () => {
    await expect(
      loadFile(sourceFile("a.json", "{}"), { jsonPointers: "/a" as unknown as string[] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: "jsonPointers must be a list of JSON pointers such as /items",
    });
  });
});
