import { badRequest } from "@/lib/api/errors";
import { decodeText } from "../text";
import type { Document, LoadOptions, SourceFile } from "../types";
import { parseOrReject } from "./reject-corrupt";

/**
 * The whole file pretty-printed (2-space indent) as one document; or, with `jsonPointers`, one
 * document per selected value (one per item when the value is an array), with metadata `pointer`.
 * A selected string is loaded as is, without quotes.
 */
export async function loadJson(file: SourceFile, options: LoadOptions): Promise<Document[]> {
  const root: unknown = await parseOrReject(file, "it is not valid JSON", () =>
    JSON.parse(decodeText(file.bytes)),
  );
  if (!options.jsonPointers) return toDocuments(root, undefined);

  return options.jsonPointers.flatMap((pointer) => {
    const value = resolvePointer(root, pointer, file.name);
    if (!Array.isArray(value)) return toDocuments(value, pointer);
    return value.flatMap((item, index) => toDocuments(item, `${pointer}/${index}`));
  });
}

function toDocuments(value: unknown, pointer: string | undefined): Document[] {
  const pageContent = typeof value === "string" ? value.trim() : JSON.stringify(value, null, 2);
  if (pageContent === "") return [];
  return [{ pageContent, metadata: pointer === undefined ? {} : { pointer } }];
}

function resolvePointer(root: unknown, pointer: string, fileName: string): unknown {
  if (pointer !== "" && !pointer.startsWith("/")) {
    throw badRequest(`Invalid JSON pointer "${pointer}": it must be empty or start with "/"`);
  }
  let value = root;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    const isIndex = Array.isArray(value) && /^(0|[1-9]\d*)$/.test(key);
    if (
      value === null ||
      typeof value !== "object" ||
      (Array.isArray(value) && !isIndex) ||
      !Object.hasOwn(value, key)
    ) {
      throw badRequest(`JSON pointer "${pointer}" matches nothing in "${fileName}"`);
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
