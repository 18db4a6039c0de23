import { badRequest } from "@/lib/api/errors";
import { checkSeparators, resolveChunkOptions, type ChunkOptions } from "./options";
import { codeSeparators, separatorsForFileType, type CodeLanguage } from "./separators";
import { cutWindows, mergePieces, splitAt, trimSpans, type Span } from "./spans";
import { createTextSplitter, type TextSplitter } from "./text-splitter";

export interface RecursiveCharacterOptions extends ChunkOptions {
  /** Tried in order; "" means "between any two characters". */
  separators?: string[];
  /** Code separators for this language when `separators` is not given. */
  language?: CodeLanguage;
}

/**
 * Cuts at the first separator present, packs the pieces into chunks of at most `chunkSize`
 * characters, and cuts any piece still too long with the next separators. Without `separators` or
 * `language`, each document gets the separators of its `fileType` (Markdown, code, else
 * paragraphs → lines → words → characters). Chunks are trimmed of surrounding whitespace.
 */
export function recursiveCharacterTextSplitter(options: RecursiveCharacterOptions = {}): TextSplitter {
  const { chunkSize, chunkOverlap } = resolveChunkOptions(options);
  const fixed = pickFixedSeparators(options);
  return createTextSplitter((text, metadata) => {
    const spans: Span[] = [];
    const separators = fixed ?? separatorsForFileType(metadata.fileType);
    splitRecursively(text, 0, text.length, separators, chunkSize, chunkOverlap, spans);
    return trimSpans(text, spans);
  });
}

function pickFixedSeparators({ separators, language }: RecursiveCharacterOptions): string[] | undefined {
  if (separators !== undefined) return checkSeparators(separators);
  if (language === undefined) return undefined;
  if (!Object.hasOwn(codeSeparators, language)) {
    throw badRequest(
      `language must be one of ${Object.keys(codeSeparators).join(", ")} (got ${String(language)})`,
    );
  }
  return codeSeparators[language];
}

function splitRecursively(
  text: string,
  start: number,
  end: number,
  separators: string[],
  chunkSize: number,
  chunkOverlap: number,
  out: Span[],
) {
  const range = text.slice(start, end);
  const index = separators.findIndex((separator) => separator === "" || range.includes(separator));
  if (index === -1 || separators[index] === "") {
    cutWindows(text, start, end, chunkSize, chunkOverlap, out);
    return;
  }
  const rest = separators.slice(index + 1);
  let fitting: Span[] = [];
  for (const piece of splitAt(text, start, end, separators[index], "start")) {
    if (piece.end - piece.start <= chunkSize) {
      fitting.push(piece);
      continue;
    }
    mergePieces(fitting, chunkSize, chunkOverlap, out);
    fitting = [];
    splitRecursively(text, piece.start, piece.end, rest, chunkSize, chunkOverlap, out);
  }
  mergePieces(fitting, chunkSize, chunkOverlap, out);
}
