import { badRequest } from "@/lib/api/errors";
import { resolveChunkOptions, type ChunkOptions } from "./options";
import { cutWindows, mergePieces, splitAt, trimSpans, type Span } from "./spans";
import { createTextSplitter, type TextSplitter } from "./text-splitter";

export interface CharacterOptions extends ChunkOptions {
  /** Where to cut; default a blank line ("\n\n"). "" cuts anywhere. */
  separator?: string;
}

/**
 * Cuts at every `separator` and packs the pieces into chunks of at most `chunkSize` characters.
 * A piece longer than `chunkSize` on its own is cut into fixed windows, so no chunk is ever longer.
 */
export function characterTextSplitter(options: CharacterOptions = {}): TextSplitter {
  const { chunkSize, chunkOverlap } = resolveChunkOptions(options);
  const { separator = "\n\n" } = options;
  if (typeof separator !== "string") throw badRequest("separator must be a string");
  return createTextSplitter((text) => {
    const spans: Span[] = [];
    if (separator === "") {
      cutWindows(text, 0, text.length, chunkSize, chunkOverlap, spans);
      return trimSpans(text, spans);
    }
    let fitting: Span[] = [];
    for (const piece of splitAt(text, 0, text.length, separator, "drop")) {
      if (piece.end - piece.start <= chunkSize) {
        fitting.push(piece);
        continue;
      }
      mergePieces(fitting, chunkSize, chunkOverlap, spans);
      fitting = [];
      cutWindows(text, piece.start, piece.end, chunkSize, chunkOverlap, spans);
    }
    mergePieces(fitting, chunkSize, chunkOverlap, spans);
    return trimSpans(text, spans);
  });
}
