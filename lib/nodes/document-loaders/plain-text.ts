import { defineNode, param } from "../define";
import { createLoader, loaderInputs } from "./build-loader";

export const plainText = defineNode({
  name: "plainText",
  label: "Plain Text",
  version: 1,
  category: "Document Loaders",
  description: "Text typed into the node, or the `text` of an upsert request",
  baseClasses: ["Document"],
  inputs: {
    text: param.string({ rows: 4, optional: true, placeholder: "Text to store", overridable: false }),
    ...loaderInputs,
  },
  init({ inputs, node }) {
    return createLoader({
      node,
      fileTypes: [],
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      ownText: inputs.text,
    });
  },
});
