import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badRequest } from "@/lib/api/errors";
import { decodeText } from "../text";
import type { Document, SourceFile } from "../types";

// preserveOrder keeps text in document order; values stay strings ("007" is not 7).
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
});

type OrderedNode = Record<string, unknown>;

/** The text content of every element (CDATA included, comments and attributes left out), one text node per line. */
export function loadXml(file: SourceFile): Document[] {
  const xml = decodeText(file.bytes);
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line } = validation.err;
    throw badRequest(`Could not read "${file.name}": it is not well-formed XML (${msg}, line ${line})`);
  }
  const texts: string[] = [];
  collectText(parser.parse(xml) as OrderedNode[], texts);
  const pageContent = texts.join("\n");
  return pageContent === "" ? [] : [{ pageContent, metadata: {} }];
}

function collectText(nodes: OrderedNode[], texts: string[]) {
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "#text") {
        const text = String(value).trim();
        if (text !== "") texts.push(text);
      } else if (!key.startsWith("?") && key !== ":@" && Array.isArray(value)) {
        collectText(value as OrderedNode[], texts);
      }
    }
  }
}
