import type { Document } from "../types";
import { findLineStarts, lineAt } from "./lines";
import type { Span } from "./spans";

export interface TextSplitter {
  splitText(text: string): string[];
  /**
   * Splits each document; every chunk keeps its document's metadata plus `chunk` (0-based index
   * within that document) and `lineFrom`/`lineTo`, the lines it covers. Lines count from the
   * document's own `lineFrom` when it has one (text and code files), else from 1 within its text.
   */
  splitDocuments(documents: Document[]): Document[];
}

export type FindSpans = (text: string, metadata: Record<string, unknown>) => Span[];

export function createTextSplitter(findSpans: FindSpans): TextSplitter {
  return {
    splitText: (text) => findSpans(text, {}).map((span) => text.slice(span.start, span.end)),
    splitDocuments: (documents) => documents.flatMap((document) => splitDocument(document, findSpans)),
  };
}

function splitDocument({ pageContent, metadata }: Document, findSpans: FindSpans): Document[] {
  const spans = findSpans(pageContent, metadata);
  const lineStarts = findLineStarts(pageContent);
  const firstLine = typeof metadata.lineFrom === "number" ? metadata.lineFrom : 1;
  return spans.map((span, chunk) => ({
    pageContent: pageContent.slice(span.start, span.end),
    metadata: {
      ...metadata,
      chunk,
      lineFrom: firstLine - 1 + lineAt(lineStarts, span.start),
      lineTo: firstLine - 1 + lineAt(lineStarts, Math.max(span.start, span.end - 1)),
    },
  }));
}
