/** Function names as model APIs accept them: letters, digits, `_` and `-`, at most 64 characters. */
export function toToolName(name: string): string {
  const cleaned = name.trim().replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "");
  return (cleaned || "tool").slice(0, 64);
}

/** Names that stay distinct when two tools would otherwise share one (`search`, `search_2`). */
export function toUniqueToolNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name.slice(0, 60)}_${count}`;
  });
}
