import { defineNode, param } from "../define";
import { createLoader, loaderInputs } from "./build-loader";
import { parseJsonPointers } from "./json-pointers";

export const jsonFile = defineNode({
  name: "jsonFile",
  label: "Json File",
  version: 1,
  category: "Document Loaders",
  description:
    "JSON files: the whole file, or the values at some JSON Pointers (one document per array item)",
  baseClasses: ["Document"],
  inputs: {
    jsonFile: param.file({
      label: "Json File",
      optional: true,
      description: "Optional: files sent with an upsert request are read instead",
    }),
    ...loaderInputs,
    pointersName: param.string({
      label: "Pointers Extraction (separated by commas)",
      optional: true,
      additionalParams: true,
      placeholder: "/items, title",
      description: "JSON Pointers such as /items; a bare name means that top-level key",
    }),
  },
  init({ inputs, node }) {
    return createLoader({
      node,
      fileTypes: ["json"],
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      storedFiles: inputs.jsonFile,
      loadOptions: { jsonPointers: parseJsonPointers(inputs.pointersName) },
    });
  },
});
