import type { Document, SourceFile } from "../types";
import { parseOrReject } from "./reject-corrupt";

/** One document per page with text, metadata `page` (1-based) and `totalPages`. */
export async function loadPdf(file: SourceFile): Promise<Document[]> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pages = await parseOrReject(
    file,
    "the PDF is damaged, incomplete or password-protected",
    async () => {
      // pdf.js may transfer (detach) the buffer it is given, so it gets a copy.
      const pdf = await getDocumentProxy(file.bytes.slice(), { verbosity: 0 });
      try {
        return await extractText(pdf, { mergePages: false });
      } finally {
        await pdf.destroy();
      }
    },
  );
  return pages.text.flatMap((text, index) => {
    const pageContent = text.trim();
    if (pageContent === "") return [];
    return [{ pageContent, metadata: { page: index + 1, totalPages: pages.totalPages } }];
  });
}
