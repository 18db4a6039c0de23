import "server-only";
import { badRequest } from "@/lib/api/errors";
import { detectFileType, type FileType } from "./detect";
import { loadCsv } from "./loaders/csv";
import { loadDocx } from "./loaders/docx";
import { loadHtml } from "./loaders/html";
import { loadJson } from "./loaders/json";
import { loadPdf } from "./loaders/pdf";
import { loadText } from "./loaders/text";
import { loadXlsx } from "./loaders/xlsx";
import { loadXml } from "./loaders/xml";
import type { Document, LoadOptions, SourceFile } from "./types";

type Loader = (file: SourceFile, options: LoadOptions) => Document[] | Promise<Document[]>;

const loaders: Record<FileType, Loader> = {
  pdf: loadPdf,
  docx: loadDocx,
  xlsx: loadXlsx,
  csv: loadCsv,
  json: loadJson,
  html: loadHtml,
  xml: loadXml,
  md: loadText,
  txt: loadText,
  js: loadText,
  ts: loadText,
  py: loadText,
  java: loadText,
  cpp: loadText,
};

/**
 * Detects the file's type (415 if unsupported or contradicted by its content, 400 if damaged) and
 * reads it into documents whose metadata starts with `source` (the file name) and `fileType`.
 * Returns no documents for a file without text (e.g. a scanned PDF).
 */
export async function loadFile(file: SourceFile, options: LoadOptions = {}): Promise<Document[]> {
  checkOptions(options);
  const fileType = detectFileType(file);
  const documents = await loaders[fileType](file, options);
  return documents.map((document) => ({
    pageContent: document.pageContent,
    metadata: { source: file.name, fileType, ...document.metadata },
  }));
}

function checkOptions({ rowsPerDocument, jsonPointers }: LoadOptions) {
  if (rowsPerDocument !== undefined && !(Number.isInteger(rowsPerDocument) && rowsPerDocument > 0)) {
    throw badRequest(`rowsPerDocument must be a positive integer (got ${String(rowsPerDocument)})`);
  }
  if (
    jsonPointers !== undefined &&
    !(Array.isArray(jsonPointers) && jsonPointers.every((p) => typeof p === "string"))
  ) {
    throw badRequest("jsonPointers must be a list of JSON pointers such as /items");
  }
}
