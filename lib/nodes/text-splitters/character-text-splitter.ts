import { characterTextSplitter as createSplitter } from "@/lib/documents";
import { defineNode, param } from "../define";
import { buildSplitter, chunkInputs } from "./build-splitter";

export const characterTextSplitter = defineNode({
  name: "characterTextSplitter",
  label: "Character Text Splitter",
  version: 1,
  category: "Text Splitters",
  description: "Splits only at one separator (a blank line by default), keeping chunks under the size",
  baseClasses: ["CharacterTextSplitter", "TextSplitter", "BaseDocumentTransformer", "Runnable"],
  inputs: {
    ...chunkInputs,
    separator: param.string({
      label: "Custom Separator",
      optional: true,
      placeholder: "\\n\\n",
      description: 'Where to cut; default a blank line. Escapes such as "\\n" are understood',
    }),
  },
  init({ inputs, node }) {
    const separator = inputs.separator === undefined ? undefined : unescapeSeparator(inputs.separator);
    return buildSplitter(node, () =>
      createSplitter({ chunkSize: inputs.chunkSize, chunkOverlap: inputs.chunkOverlap, separator }),
    );
  },
});

/** A separator typed in a text box: "\n" and "\t" as typed mean a line break and a tab. */
function unescapeSeparator(value: string): string {
  return value.replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/\\r/g, "\r");
}
