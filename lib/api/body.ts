import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { badRequest, payloadTooLarge, type Issue } from "./errors";

const jsonLimitBytes = () => env.MAX_JSON_BODY_MB * 1024 * 1024;

/** Reads the body as text, refusing (413) before buffering more than `limitBytes`. */
export async function readText(request: Request, limitBytes = jsonLimitBytes()): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(limitBytes: number) {
  return payloadTooLarge(`Request body is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`);
}

/** Parses a JSON body and validates it: 400 with `details` when it does not fit the schema. */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  return validate(schema, parseJsonBody(await readText(request)), "Invalid request body");
}

/**
 * A JSON body's text as a value (an empty body is `{}`); 400 when it is not JSON, or when one of
 * its strings holds a NUL character, which PostgreSQL text cannot store (the insert would fail).
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body");
  }
  // JSON can only carry NUL escaped, so a body without the escape needs no walk.
  if (text.includes("\\u0000") && containsNul(value)) {
    throw badRequest("Invalid request body: text must not contain NUL (\\u0000) characters");
  }
  return value;
}

/** Whether any string (value or key) inside holds NUL. Iterative: bodies may be nested very deep. */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\0")) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\0")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export function validate<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  message: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = toIssues(parsed.error);
    const summary = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
    throw badRequest(`${message}: ${summary.join("; ")}`, issues);
  }
  return parsed.data;
}

export function toIssues(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}
