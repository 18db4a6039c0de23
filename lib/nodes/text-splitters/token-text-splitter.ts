import { tokenTextSplitter as createSplitter } from "@/lib/documents";
import { defineNode, param } from "../define";
import { buildSplitter, chunkInputs } from "./build-splitter";

export const tokenTextSplitter = defineNode({
  name: "tokenTextSplitter",
  label: "Token Text Splitter",
  version: 1,
  category: "Text Splitters",
  description: "Splits into windows of tokens (cl100k_base, the tokenizer of GPT-4 and OpenAI embeddings)",
  baseClasses: ["TokenTextSplitter", "TextSplitter", "BaseDocumentTransformer", "Runnable"],
  inputs: {
    // Flowise offers several encodings; only cl100k_base ships here, and other names count with it.
    encodingName: param.options([{ name: "cl100k_base", label: "cl100k_base" }], {
      label: "Encoding Name",
      default: "cl100k_base",
      additionalParams: true,
    }),
    chunkSize: { ...chunkInputs.chunkSize, description: "Longest chunk, in tokens" },
    chunkOverlap: {
      ...chunkInputs.chunkOverlap,
      description: "Tokens a chunk repeats from the previous one",
    },
  },
  init({ inputs, node }) {
    return buildSplitter(node, () =>
      createSplitter({ chunkSize: inputs.chunkSize, chunkOverlap: inputs.chunkOverlap }),
    );
  },
});
