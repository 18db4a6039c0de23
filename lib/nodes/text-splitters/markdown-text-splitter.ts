import { markdownTextSplitter as createSplitter } from "@/lib/documents";
import { defineNode } from "../define";
import { buildSplitter, chunkInputs } from "./build-splitter";

export const markdownTextSplitter = defineNode({
  name: "markdownTextSplitter",
  label: "Markdown Text Splitter",
  version: 1,
  category: "Text Splitters",
  description: "Splits Markdown at headings, then code fences, rules, paragraphs and lines",
  baseClasses: [
    "MarkdownTextSplitter",
    "RecursiveCharacterTextSplitter",
    "TextSplitter",
    "BaseDocumentTransformer",
    "Runnable",
  ],
  inputs: chunkInputs,
  init({ inputs, node }) {
    return buildSplitter(node, () =>
      createSplitter({ chunkSize: inputs.chunkSize, chunkOverlap: inputs.chunkOverlap }),
    );
  },
});
