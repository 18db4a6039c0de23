import { defineNode, param } from "../define";
import { createLoader, loaderInputs, textFileTypes } from "./build-loader";

export const textFile = defineNode({
  name: "textFile",
  label: "Text File",
  version: 1,
  category: "Document Loaders",
  description: "Text, Markdown, HTML, XML and code files (JS, TS, Python, Java, C++)",
  baseClasses: ["Document"],
  inputs: {
    txtFile: param.file({
      label: "Txt File",
      optional: true,
      description: "Optional: files sent with an upsert request are read instead",
    }),
    ...loaderInputs,
  },
  init({ inputs, node }) {
    return createLoader({
      node,
      fileTypes: textFileTypes,
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      storedFiles: inputs.txtFile,
    });
  },
});
