import { defineNode, param } from "../define";
import { createLoader, loaderInputs } from "./build-loader";

export const docxFile = defineNode({
  name: "docxFile",
  label: "Docx File",
  version: 1,
  category: "Document Loaders",
  description: "Word (.docx) documents",
  baseClasses: ["Document"],
  inputs: {
    docxFile: param.file({
      label: "Docx File",
      optional: true,
      description: "Optional: files sent with an upsert request are read instead",
    }),
    ...loaderInputs,
  },
  init({ inputs, node }) {
    return createLoader({
      node,
      fileTypes: ["docx"],
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      storedFiles: inputs.docxFile,
    });
  },
});
