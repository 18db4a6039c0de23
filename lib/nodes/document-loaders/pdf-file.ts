import { defineNode, param } from "../define";
import { createLoader, joinPages, loaderInputs } from "./build-loader";

export const pdfFile = defineNode({
  name: "pdfFile",
  label: "Pdf File",
  version: 1,
  category: "Document Loaders",
  description: "PDF documents: one document per page, or one per file",
  baseClasses: ["Document"],
  inputs: {
    pdfFile: param.file({
      label: "Pdf File",
      optional: true,
      description: "Optional: files sent with an upsert request are read instead",
    }),
    ...loaderInputs,
    usage: param.options(
      [
        { name: "perPage", label: "One document per page" },
        { name: "perFile", label: "One document per file" },
      ],
      { default: "perPage", additionalParams: true },
    ),
  },
  init({ inputs, node }) {
    return createLoader({
      node,
      fileTypes: ["pdf"],
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      storedFiles: inputs.pdfFile,
      reshape: inputs.usage === "perFile" ? joinPages : undefined,
    });
  },
});
