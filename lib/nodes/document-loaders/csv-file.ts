import { defineNode, param } from "../define";
import { nodeError } from "../errors";
import { createLoader, loaderInputs } from "./build-loader";

export const csvFile = defineNode({
  name: "csvFile",
  label: "Csv File",
  version: 1,
  category: "Document Loaders",
  description: "CSV files: rows kept whole, written as `column: value` lines",
  baseClasses: ["Document"],
  inputs: {
    csvFile: param.file({
      label: "Csv File",
      optional: true,
      description: "Optional: files sent with an upsert request are read instead",
    }),
    ...loaderInputs,
    rowsPerDocument: param.number({
      label: "Rows per Document",
      default: 1,
      additionalParams: true,
    }),
  },
  init({ inputs, node }) {
    if (!(Number.isInteger(inputs.rowsPerDocument) && inputs.rowsPerDocument > 0)) {
      throw nodeError(node, 'input "rowsPerDocument" must be a positive integer');
    }
    return createLoader({
      node,
      fileTypes: ["csv"],
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      storedFiles: inputs.csvFile,
      loadOptions: { rowsPerDocument: inputs.rowsPerDocument },
    });
  },
});
