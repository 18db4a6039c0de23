import type { Document, SourceFile } from "../types";
import { parseOrReject } from "./reject-corrupt";

/** The document's raw text (paragraphs separated by blank lines, tables cell by cell) as one document. */
export async function loadDocx(file: SourceFile): Promise<Document[]> {
  const mammoth = (await import("mammoth")).default;
  const result = await parseOrReject(file, "the Word document is damaged or incomplete", () =>
    mammoth.extractRawText({
      buffer: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
    }),
  );
  const pageContent = result.value.replace(/\n{3,}/g, "\n\n").trim();
  return pageContent === "" ? [] : [{ pageContent, metadata: {} }];
}
