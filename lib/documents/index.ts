// The public face of lib/documents: detect and load files, then split the documents.

export { detectFileType, supportedFileTypes, type FileType } from "./detect";
export { loadFile } from "./load";
export { characterTextSplitter, type CharacterOptions } from "./splitters/character";
export { markdownTextSplitter } from "./splitters/markdown";
export type { ChunkOptions } from "./splitters/options";
export {
  recursiveCharacterTextSplitter,
  type RecursiveCharacterOptions,
} from "./splitters/recursive-character";
export {
  codeSeparators,
  defaultSeparators,
  markdownSeparators,
  type CodeLanguage,
} from "./splitters/separators";
export type { TextSplitter } from "./splitters/text-splitter";
export { tokenTextSplitter } from "./splitters/token";
export type { Document, LoadOptions, SourceFile } from "./types";
