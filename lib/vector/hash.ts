import { createHash } from "node:crypto";
import type { ScalarMetadata } from "./types";

/** sha256 of a chunk's text and metadata (keys sorted): equal chunks hash equal, whatever the key order. */
export function hashChunk(pageContent: string, metadata: ScalarMetadata): string {
  const sorted = Object.keys(metadata)
    .sort()
    .map((key) => [key, metadata[key]]);
  return createHash("sha256")
    .update(JSON.stringify([pageContent, sorted]))
    .digest("hex");
}

/**
 * The id a chunk is stored under: derived from where it goes and what it is, UUID-shaped. Writing
 * the same chunk again overwrites it, so a retried or half-failed upsert never leaves duplicates.
 */
export function vectorIdFor(chatflowId: string, storeNodeId: string, contentHash: string): string {
  const hex = createHash("sha256").update(`${chatflowId}\n${storeNodeId}\n${contentHash}`).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
