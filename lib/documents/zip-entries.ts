// Lists the entry names of a ZIP archive from its central directory, without inflating anything.
// Enough to tell a Word document (`word/…`) from an Excel workbook (`xl/…`).

const endOfCentralDirectory = 0x06054b50;
const centralDirectoryHeader = 0x02014b50;
const maxCommentLength = 0xffff;

export const zipMagic = [0x50, 0x4b, 0x03, 0x04];

export type ZipEntries = { kind: "entries"; names: string[] } | { kind: "unreadable" } | { kind: "zip64" };

export function readZipEntryNames(bytes: Uint8Array): ZipEntries {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd === -1) return { kind: "unreadable" };

  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // ZIP64 archives keep the real values elsewhere; Office files under 4 GB never need them.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { kind: "zip64" };
  if (offset + size > eocd) return { kind: "unreadable" };

  const names: string[] = [];
  const decoder = new TextDecoder();
  let position = offset;
  for (let i = 0; i < count; i++) {
    if (position + 46 > eocd || view.getUint32(position, true) !== centralDirectoryHeader)
      return { kind: "unreadable" };
    const nameLength = view.getUint16(position + 28, true);
    const extraLength = view.getUint16(position + 30, true);
    const commentLength = view.getUint16(position + 32, true);
    const nameEnd = position + 46 + nameLength;
    if (nameEnd > eocd) return { kind: "unreadable" };
    names.push(decoder.decode(bytes.subarray(position + 46, nameEnd)));
    position = nameEnd + extraLength + commentLength;
  }
  return { kind: "entries", names };
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - maxCommentLength);
  for (let position = view.byteLength - 22; position >= lowest; position--) {
    if (view.getUint32(position, true) === endOfCentralDirectory) return position;
  }
  return -1;
}
