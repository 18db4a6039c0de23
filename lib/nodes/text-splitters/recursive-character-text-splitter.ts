import { recursiveCharacterTextSplitter as createSplitter } from "@/lib/documents";
import { defineNode, param } from "../define";
import { nodeError } from "../errors";
import { buildSplitter, chunkInputs } from "./build-splitter";

export const recursiveCharacterTextSplitter = defineNode({
  name: "recursiveCharacterTextSplitter",
  label: "Recursive Character Text Splitter",
  version: 1,
  category: "Text Splitters",
  description:
    "Splits at paragraphs, then lines, then words, keeping chunks under the size; code and Markdown files get their own separators",
  baseClasses: ["RecursiveCharacterTextSplitter", "TextSplitter", "BaseDocumentTransformer", "Runnable"],
  inputs: {
    ...chunkInputs,
    separators: param.json({
      label: "Custom Separators",
      optional: true,
      additionalParams: true,
      placeholder: '["\\n\\n", "\\n", " "]',
      description: "A JSON list of separators tried in order; replaces the defaults",
    }),
  },
  init({ inputs, node }) {
    const { separators } = inputs;
    if (
      separators !== undefined &&
      !(Array.isArray(separators) && separators.every((s) => typeof s === "string"))
    ) {
      throw nodeError(node, 'input "separators" must be a JSON list of strings');
    }
    return buildSplitter(node, () =>
      createSplitter({
        chunkSize: inputs.chunkSize,
        chunkOverlap: inputs.chunkOverlap,
        separators: separators?.length ? separators : undefined,
      }),
    );
  },
});
