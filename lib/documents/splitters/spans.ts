// Splitters work on spans (offsets into the original text) rather than on joined strings: every
// chunk is one `slice` of its source, which keeps splitting linear and makes line numbers exact.

export interface Span {
  start: number;
  end: number;
}

/**
 * Cuts [start, end) at each occurrence of `separator`. With "start" the separator opens the next
 * piece (a heading stays with its section); with "drop" it belongs to no piece. Empty pieces are left out.
 */
export function splitAt(
  text: string,
  start: number,
  end: number,
  separator: string,
  keep: "start" | "drop",
): Span[] {
  const range = text.slice(start, end);
  const pieces: Span[] = [];
  let pieceStart = 0;
  let at = range.indexOf(separator);
  while (at !== -1) {
    if (at > pieceStart) pieces.push({ start: start + pieceStart, end: start + at });
    pieceStart = keep === "start" ? at : at + separator.length;
    at = range.indexOf(separator, at + separator.length);
  }
  if (range.length > pieceStart) pieces.push({ start: start + pieceStart, end });
  return pieces;
}

/**
 * Greedily packs consecutive pieces (each at most `chunkSize` long) into chunks of at most
 * `chunkSize`; a new chunk starts with the previous chunk's last pieces, up to `chunkOverlap`.
 */
export function mergePieces(pieces: Span[], chunkSize: number, chunkOverlap: number, out: Span[]) {
  if (pieces.length === 0) return;
  let first = 0;
  for (let i = 1; i < pieces.length; i++) {
    if (pieces[i].end - pieces[first].start <= chunkSize) continue;
    out.push({ start: pieces[first].start, end: pieces[i - 1].end });
    while (
      first < i &&
      (pieces[i - 1].end - pieces[first].start > chunkOverlap ||
        pieces[i].end - pieces[first].start > chunkSize)
    ) {
      first++;
    }
  }
  out.push({ start: pieces[first].start, end: pieces[pieces.length - 1].end });
}

/** Fixed windows of `chunkSize` characters, `chunkOverlap` shared, never splitting a surrogate pair. */
export function cutWindows(
  text: string,
  start: number,
  end: number,
  chunkSize: number,
  chunkOverlap: number,
  out: Span[],
) {
  let from = start;
  for (;;) {
    let to = Math.min(from + chunkSize, end);
    if (to < end && isLowSurrogate(text, to) && to - 1 > from) to--;
    out.push({ start: from, end: to });
    if (to >= end) return;
    let next = to - chunkOverlap;
    if (isLowSurrogate(text, next)) next--;
    from = next > from ? next : to;
  }
}

/** Drops leading and trailing whitespace from each span, then empty spans and repeats. */
export function trimSpans(text: string, spans: Span[]): Span[] {
  const trimmed: Span[] = [];
  for (const span of spans) {
    let { start, end } = span;
    while (start < end && isWhitespace(text.charCodeAt(start))) start++;
    while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
    const previous = trimmed[trimmed.length - 1];
    if (end > start && !(previous && previous.start === start && previous.end === end))
      trimmed.push({ start, end });
  }
  return trimmed;
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x2028 ||
    code === 0x2029
  );
}
