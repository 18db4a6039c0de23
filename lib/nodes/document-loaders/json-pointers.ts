/**
 * Flowise's "pointers" input: comma-separated. Each entry is a JSON Pointer ("/items/0/text"); a
 * bare name ("items") means the top-level key of that name. Empty: the whole file.
 */
export function parseJsonPointers(value: string | undefined): string[] | undefined {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries.map((entry) =>
    entry.startsWith("/") ? entry : `/${entry.replace(/~/g, "~0").replace(/\//g, "~1")}`,
  );
}
