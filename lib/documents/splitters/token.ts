import { Tiktoken } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import { resolveChunkOptions, type ChunkOptions } from "./options";
import type { Span } from "./spans";
import { createTextSplitter, type TextSplitter } from "./text-splitter";

// cl100k_base ships inside js-tiktoken (no download). Building the encoder takes ~0.3 s, so it is
// built once, on first use.
let encoder: Tiktoken | undefined;
const getEncoder = () => (encoder ??= new Tiktoken(cl100kBase));

const replacement = "\uFFFD";

/**
 * Windows of `chunkSize` cl100k_base tokens, the next one starting `chunkOverlap` tokens before the
 * previous one ends. A window edge never falls inside a character that spans several tokens (it
 * moves to the nearest character boundary), so chunks are exact slices of the text, untrimmed.
 * Special-token text such as "<|endoftext|>" is encoded as ordinary text.
 */
export function tokenTextSplitter(options: ChunkOptions = {}): TextSplitter {
  const { chunkSize, chunkOverlap } = resolveChunkOptions(options);
  return createTextSplitter((text) => windowSpans(text, chunkSize, chunkOverlap));
}

/** Character offset of every token boundary that is also a character boundary (undefined otherwise). */
function mapTokenOffsets(text: string): { tokenCount: number; offsets: (number | undefined)[] } {
  const tiktoken = getEncoder();
  const tokens = tiktoken.encode(text, [], []);
  const pieces = new Map<number, string>();
  const offsets: (number | undefined)[] = new Array(tokens.length + 1);
  offsets[0] = 0;
  let offset = 0;
  let pending: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    pending.push(tokens[i]);
    let decoded: string;
    if (pending.length === 1) {
      decoded = pieces.get(tokens[i]) ?? tiktoken.decode(pending);
      pieces.set(tokens[i], decoded);
    } else {
      decoded = tiktoken.decode(pending);
    }
    // Tokens since the last character boundary that end inside a character decode to a trailing
    // U+FFFD where the text has the real character; wait for the tokens that complete it.
    const last = offset + decoded.length - 1;
    if (decoded.endsWith(replacement) && text.charCodeAt(last) !== 0xfffd) continue;
    offset += decoded.length;
    offsets[i + 1] = offset;
    pending = [];
  }
  offsets[tokens.length] = text.length;
  return { tokenCount: tokens.length, offsets };
}

function windowSpans(text: string, chunkSize: number, chunkOverlap: number): Span[] {
  const { tokenCount, offsets } = mapTokenOffsets(text);
  const spans: Span[] = [];
  let from = 0;
  while (from < tokenCount) {
    let to = Math.min(from + chunkSize, tokenCount);
    while (to > from + 1 && offsets[to] === undefined) to--;
    while (offsets[to] === undefined) to++;
    spans.push({ start: offsets[from]!, end: offsets[to]! });
    if (to >= tokenCount) break;
    let next = to - chunkOverlap;
    while (next < to && (next <= from || offsets[next] === undefined)) next++;
    from = next;
  }
  return spans.filter((span) => text.slice(span.start, span.end).trim() !== "");
}
