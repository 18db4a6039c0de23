import { countLines, decodeText } from "../text";
import type { Document, SourceFile } from "../types";

/**
 * Plain text, Markdown and source code: the file as one document (line endings normalised to LF,
 * trailing whitespace dropped) with metadata `lineFrom: 1` and `lineTo` (its last line).
 */
export function loadText(file: SourceFile): Document[] {
  const pageContent = decodeText(file.bytes).trimEnd();
  if (pageContent.trim() === "") return [];
  return [{ pageContent, metadata: { lineFrom: 1, lineTo: countLines(pageContent) } }];
}
