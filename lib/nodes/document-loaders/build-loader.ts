import {
  loadFile,
  type Document,
  type FileType,
  type LoadOptions,
  type SourceFile,
  type TextSplitter,
} from "@/lib/documents";
import { anchor, param } from "../define";
import { nodeError } from "../errors";
import type { DocumentLoaderInstance } from "../retrieval-types";
import { parseStoredFiles } from "./stored-files";

/** The inputs every loader has besides its content. */
export const loaderInputs = {
  textSplitter: anchor("TextSplitter", { label: "Text Splitter", optional: true }),
  metadata: param.json({
    label: "Additional Metadata",
    optional: true,
    additionalParams: true,
    placeholder: '{"category": "manuals"}',
    description: "A JSON object added to the metadata of every document",
  }),
};

/** File types read as plain text (code keeps its language for code-aware splitting). */
export const textFileTypes: readonly FileType[] = [
  "txt",
  "md",
  "html",
  "xml",
  "js",
  "ts",
  "py",
  "java",
  "cpp",
];

interface LoaderSpec {
  node: { id: string; label: string };
  fileTypes: readonly FileType[];
  splitter?: TextSplitter;
  metadata: unknown;
  /** The node's file input (data: URLs), if it has one. */
  storedFiles?: string;
  /** The node's own text (plainText). */
  ownText?: string;
  loadOptions?: LoadOptions;
  /** Reshapes what a file gave (e.g. one document per PDF instead of per page). */
  reshape?: (documents: Document[]) => Document[];
}

export function createLoader(spec: LoaderSpec): DocumentLoaderInstance {
  const { node, fileTypes } = spec;
  const metadata = readMetadata(node, spec.metadata);

  async function readFile(file: SourceFile): Promise<Document[]> {
    const documents = await loadFile(file, spec.loadOptions);
    return spec.reshape ? spec.reshape(documents) : documents;
  }

  return {
    kind: "documentLoader",
    node,
    fileTypes,
    splitter: spec.splitter,
    metadata,
    async loadOwn() {
      const documents: Document[] = [];
      if (spec.ownText?.trim()) documents.push({ pageContent: spec.ownText, metadata: {} });
      for (const file of parseStoredFiles(node, spec.storedFiles)) documents.push(...(await readFile(file)));
      return documents;
    },
    loadFile: readFile,
  };
}

function readMetadata(node: { id: string; label: string }, value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw nodeError(node, 'input "metadata" must be a JSON object');
  return value as Record<string, unknown>;
}

/** One document per file: a PDF's pages joined, for `usage: perFile`. */
export function joinPages(documents: Document[]): Document[] {
  if (documents.length <= 1) return documents;
  const metadata = { ...documents[0].metadata };
  for (const key of ["page", "lineFrom", "lineTo"]) delete metadata[key];
  return [{ pageContent: documents.map((document) => document.pageContent).join("\n\n"), metadata }];
}
