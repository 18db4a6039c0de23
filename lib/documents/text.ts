// Text-file checks shared by detection and the text-based loaders.

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * True when the bytes are UTF-8 without the control characters that only binary files contain
 * (NUL, and C0 codes other than tab, newlines, form feed and escape).
 */
export function isText(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (
      byte < 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0b &&
      byte !== 0x0c &&
      byte !== 0x0d &&
      byte !== 0x1b
    ) {
      return false;
    }
  }
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Decodes UTF-8 (dropping a BOM) and turns CRLF and lone CR line endings into LF. */
export function decodeText(bytes: Uint8Array): string {
  return utf8.decode(bytes).replace(/\r\n?/g, "\n");
}

/** Number of lines in `text`: one more than its line feeds. */
export function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return lines;
}
