import { supportedFileTypes } from "@/lib/documents";
import { defineNode, param } from "../define";
import { createLoader, joinPages, loaderInputs } from "./build-loader";
import { parseJsonPointers } from "./json-pointers";

export const fileLoader = defineNode({
  name: "fileLoader",
  label: "File Loader",
  version: 1,
  category: "Document Loaders",
  description: "Any supported file: PDF, DOCX, XLSX, CSV, JSON, HTML, XML, Markdown, text and code",
  baseClasses: ["Document"],
  inputs: {
    file: param.file({
      label: "File",
      optional: true,
      description: "Optional: files sent with an upsert request are read instead",
    }),
    ...loaderInputs,
    pdfUsage: param.options(
      [
        { name: "perPage", label: "One document per page" },
        { name: "perFile", label: "One document per file" },
      ],
      { label: "PDF Usage", default: "perPage", additionalParams: true },
    ),
    pointerName: param.string({
      label: "JSON Pointers (separated by commas)",
      optional: true,
      additionalParams: true,
      placeholder: "/items",
      description: "For JSON files: JSON Pointers such as /items; a bare name means that top-level key",
    }),
  },
  init({ inputs, node }) {
    const perFile = inputs.pdfUsage === "perFile";
    return createLoader({
      node,
      fileTypes: supportedFileTypes,
      splitter: inputs.textSplitter,
      metadata: inputs.metadata,
      storedFiles: inputs.file,
      loadOptions: { jsonPointers: parseJsonPointers(inputs.pointerName) },
      reshape: perFile
        ? (documents) => (documents[0]?.metadata.fileType === "pdf" ? joinPages(documents) : documents)
        : undefined,
    });
  },
});
