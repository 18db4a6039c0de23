import { badRequest } from "@/lib/api/errors";
import type { SourceFile } from "../types";

// Parsers throw their own error types for damaged input; the caller sent a bad file, so that is a
// 400 naming it, not a 500. Only the parse step is wrapped, so bugs in our own code stay 500s.
export async function parseOrReject<T>(
  file: SourceFile,
  problem: string,
  parse: () => Promise<T> | T,
): Promise<T> {
  try {
    return await parse();
  } catch (error) {
    const reason = error instanceof Error && error.message ? ` (${error.message.slice(0, 200)})` : "";
    throw badRequest(`Could not read "${file.name}": ${problem}${reason}`);
  }
}
