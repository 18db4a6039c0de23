import { convert } from "html-to-text";
import { decodeText } from "../text";
import type { Document, SourceFile } from "../types";

// Headings keep their case and links their text only: URLs and images add noise to embeddings.
const options = {
  wordwrap: false as const,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** The page's visible text, block by block, as one document; metadata `title` when the page has one. */
export function loadHtml(file: SourceFile): Document[] {
  const html = decodeText(file.bytes);
  const pageContent = convert(html, options).trim();
  if (pageContent === "") return [];
  const title = convert(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "", { wordwrap: false }).trim();
  return [{ pageContent, metadata: title ? { title } : {} }];
}
