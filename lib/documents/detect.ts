import { badRequest, unsupportedMediaType } from "@/lib/api/errors";
import { isText } from "./text";
import type { SourceFile } from "./types";
import { readZipEntryNames, zipMagic } from "./zip-entries";

// A file's type comes from its extension and must be confirmed by its content: a renamed PNG
// is refused before any parser sees it.

export const supportedFileTypes = [
  "pdf",
  "docx",
  "xlsx",
  "csv",
  "json",
  "html",
  "xml",
  "md",
  "txt",
  "js",
  "ts",
  "py",
  "java",
  "cpp",
] as const;

export type FileType = (typeof supportedFileTypes)[number];

const typeByExtension: Record<string, FileType> = {
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
  csv: "csv",
  json: "json",
  html: "html",
  htm: "html",
  xml: "xml",
  md: "md",
  markdown: "md",
  txt: "txt",
  js: "js",
  mjs: "js",
  cjs: "js",
  jsx: "js",
  ts: "ts",
  mts: "ts",
  cts: "ts",
  tsx: "ts",
  py: "py",
  java: "java",
  cpp: "cpp",
  cc: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  h: "cpp",
  c: "cpp",
};

// Only for text files without an extension: binary types are recognised by their content.
const textTypeByMime: Record<string, FileType> = {
  "text/csv": "csv",
  "application/json": "json",
  "text/html": "html",
  "application/xml": "xml",
  "text/xml": "xml",
  "text/markdown": "md",
  "text/plain": "txt",
};

const labels: Partial<Record<FileType, string>> = {
  pdf: "a PDF document",
  docx: "a Word (.docx) document",
  xlsx: "an Excel (.xlsx) workbook",
};

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

export function detectFileType(file: SourceFile): FileType {
  if (file.bytes.length === 0) throw badRequest(`File "${file.name}" is empty`);
  const extension = extensionOf(file.name);
  if (extension === undefined) return detectWithoutExtension(file);

  const claimed = lookUp(typeByExtension, extension);
  if (!claimed) throw unsupported(file.name, `.${extension} files are not supported`);
  if (claimed === "pdf") {
    if (!hasPdfHeader(file.bytes)) throw mismatch(file.name, claimed);
    return claimed;
  }
  if (claimed === "docx" || claimed === "xlsx") {
    if (!startsWith(file.bytes, zipMagic)) throw mismatch(file.name, claimed);
    const actual = officeTypeOf(file);
    if (actual !== claimed && actual !== undefined) throw mismatch(file.name, claimed, actual);
    return claimed;
  }
  if (!isText(file.bytes))
    throw unsupported(file.name, `its content is binary or not UTF-8 text, not a .${extension} file`);
  return claimed;
}

function detectWithoutExtension(file: SourceFile): FileType {
  if (hasPdfHeader(file.bytes)) return "pdf";
  if (startsWith(file.bytes, zipMagic)) {
    const actual = officeTypeOf(file);
    if (actual === "docx" || actual === "xlsx") return actual;
    throw unsupported(file.name, "it is a ZIP archive that is not recognisably a .docx or an .xlsx file");
  }
  if (!isText(file.bytes)) throw unsupported(file.name, "its content is binary");
  const mimeType = file.mime?.split(";")[0].trim().toLowerCase();
  return (mimeType && lookUp(textTypeByMime, mimeType)) || "txt";
}

/** The Office type a ZIP's entries reveal; undefined when it cannot tell (ZIP64). */
function officeTypeOf(file: SourceFile): "docx" | "xlsx" | "zip" | undefined {
  const entries = readZipEntryNames(file.bytes);
  if (entries.kind === "zip64") return undefined;
  if (entries.kind === "unreadable")
    throw badRequest(`File "${file.name}" is a damaged or incomplete ZIP archive`);
  if (entries.names.some((name) => name.startsWith("word/"))) return "docx";
  if (entries.names.some((name) => name.startsWith("xl/"))) return "xlsx";
  return "zip";
}

// Own keys only: a file named "x.constructor" must not find Object.prototype.constructor.
function lookUp(table: Record<string, FileType>, key: string): FileType | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function extensionOf(name: string): string | undefined {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  // The PDF header may follow a little junk; readers look for it within the first kilobyte.
  const end = Math.min(bytes.length - pdfMagic.length, 1024);
  for (let offset = 0; offset <= end; offset++) {
    if (startsWith(bytes, pdfMagic, offset)) return true;
  }
  return false;
}

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((byte, i) => bytes[offset + i] === byte);
}

function unsupported(name: string, reason: string) {
  return unsupportedMediaType(
    `Unsupported file "${name}": ${reason}. Supported types: ${supportedFileTypes.join(", ")}`,
  );
}

function mismatch(name: string, claimed: FileType, actual?: "docx" | "xlsx" | "zip") {
  const found = actual === "zip" ? "a ZIP archive" : actual ? labels[actual] : "something else";
  return unsupportedMediaType(
    `File "${name}" is not ${labels[claimed]}: its content is ${found}. Supported types: ${supportedFileTypes.join(", ")}`,
  );
}
