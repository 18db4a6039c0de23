import type { SourceFile } from "@/lib/documents";
import { nodeError } from "../errors";

// A file input of a loader node holds the file itself, as Flowise exports write it:
// "data:<mime>;base64,<data>,filename:<name>", or a JSON list of those.

const dataUrlPattern = /^data:([^;,]*)(?:;[^,]*)?;base64,([A-Za-z0-9+/=\s]*),filename:(.+)$/s;

export function parseStoredFiles(
  node: { id: string; label: string },
  value: string | undefined,
): SourceFile[] {
  const text = value?.trim();
  if (!text) return [];
  if (text.startsWith("FILE-STORAGE::")) {
    throw nodeError(
      node,
      "refers to files in Flowise's file storage, which this server does not have: send them with the upsert request",
    );
  }
  let entries: unknown[] = [text];
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      entries = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      throw nodeError(node, "has a file input that is not a data: URL or a JSON list of them");
    }
  }
  return entries.map((entry) => {
    const match = typeof entry === "string" ? entry.trim().match(dataUrlPattern) : null;
    if (!match) throw nodeError(node, 'has a file input that is not a "data:…;base64,…,filename:…" value');
    const [, mime, data, name] = match;
    return {
      name: name.trim(),
      mime: mime || undefined,
      bytes: new Uint8Array(Buffer.from(data.replace(/\s+/g, ""), "base64")),
    };
  });
}
