import { badRequest } from "@/lib/api/errors";

export interface ChunkOptions {
  /** Maximum chunk length: characters, or tokens for the token splitter. Default 1000. */
  chunkSize?: number;
  /** How much of a chunk's end the next chunk repeats; smaller than chunkSize. Default 200. */
  chunkOverlap?: number;
}

export function resolveChunkOptions(options: ChunkOptions): { chunkSize: number; chunkOverlap: number } {
  const { chunkSize = 1000, chunkOverlap = Math.min(200, Math.floor(chunkSize / 5)) } = options;
  if (!Number.isInteger(chunkSize) || chunkSize <= 0) {
    throw badRequest(`chunkSize must be a positive integer (got ${String(chunkSize)})`);
  }
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0) {
    throw badRequest(`chunkOverlap must be an integer of 0 or more (got ${String(chunkOverlap)})`);
  }
  if (chunkOverlap >= chunkSize) {
    throw badRequest(`chunkOverlap (${chunkOverlap}) must be smaller than chunkSize (${chunkSize})`);
  }
  return { chunkSize, chunkOverlap };
}

export function checkSeparators(separators: unknown, name = "separators"): string[] {
  if (
    !Array.isArray(separators) ||
    separators.length === 0 ||
    !separators.every((s) => typeof s === "string")
  ) {
    throw badRequest(`${name} must be a non-empty list of strings`);
  }
  return separators;
}
