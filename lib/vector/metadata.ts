import type { MetadataValue, ScalarMetadata } from "./types";

/**
 * Metadata as a store can keep it: strings, finite numbers and booleans stay; objects and arrays
 * become their JSON text; null, undefined and non-finite numbers are dropped.
 */
export function toScalarMetadata(metadata: Record<string, unknown>): ScalarMetadata {
  const scalar: ScalarMetadata = {};
  for (const [key, value] of Object.entries(metadata)) {
    const kept = toScalar(value);
    if (kept !== undefined) scalar[key] = kept;
  }
  return scalar;
}

function toScalar(value: unknown): MetadataValue | undefined {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined || typeof value === "function" || typeof value === "symbol") {
    return undefined;
  }
  return JSON.stringify(value);
}
