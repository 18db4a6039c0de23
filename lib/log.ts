import { env } from "@/lib/env";

// Structured JSON logs, one line per event. Message contents are logged only when LOG_CONTENT is
// true (callers check `canLogContent` before adding them); secrets never. Every line also goes
// through `redactFields`, so that a question, a key or a token that reaches a log call by accident
// (inside an error message, a Prisma argument dump, a URL with a password) does not reach the log.

type Level = "debug" | "info" | "warn" | "error";
const rank: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export const canLogContent = env.LOG_CONTENT;

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (rank[level] < rank[env.LOG_LEVEL]) return;
  const safe = fields ? redactFields(fields, { logContent: canLogContent }) : undefined;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...safe });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

// Field names whose values are secrets (`promptTokens` is a count, so only a singular `token` is).
const secretKey =
  /(password|passwordhash|secret|apikey|api_key|authorization|cookie|encryptionkey|encrypteddata|token)$/i;
// Field names whose values are what users and models said.
const contentKey = /^(question|answer|content|pagecontent|prompt|history|chathistory|messages|body)$/i;

// Secrets inside free text: bearer tokens, OpenAI-style and Chatflow Studio API keys, JWTs, and
// passwords in connection URLs.
const secretPatterns: Array<[RegExp, string]> = [
  [/\bBearer\s+[^\s"',]+/gi, "Bearer [redacted]"],
  [/\bsk-[A-Za-z0-9_-]{8,}/g, "sk-[redacted]"],
  [/\bcfs_[A-Za-z0-9_-]{8,}/g, "cfs_[redacted]"],
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g, "[redacted jwt]"],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+):[^\s@/]+@/gi, "$1:[redacted]@"],
];

const maxDepth = 6;

/** The fields as they may be logged: secrets masked, contents dropped unless `logContent`. */
export function redactFields(
  fields: Record<string, unknown>,
  options: { logContent: boolean },
): Record<string, unknown> {
  return redactObject(fields, options, 0);
}

function redactObject(fields: Record<string, unknown>, options: { logContent: boolean }, depth: number) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (secretKey.test(key) && value !== null && typeof value !== "boolean") out[key] = "[redacted]";
    else if (!options.logContent && contentKey.test(key) && value !== null) out[key] = "[content hidden]";
    else out[key] = redactValue(value, options, depth + 1);
  }
  return out;
}

function redactValue(value: unknown, options: { logContent: boolean }, depth: number): unknown {
  if (typeof value === "string") return scrubSecrets(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > maxDepth) return "[too deep]";
  if (value instanceof Error) return serializeError(value, options, depth);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, options, depth + 1));
  return redactObject(value as Record<string, unknown>, options, depth);
}

/**
 * An error as a log field. Without LOG_CONTENT only the message's first line is kept (Prisma and
 * some SDKs append the call's arguments, message texts included, on the following lines), and the
 * stack keeps its frames but not its copy of the message.
 */
function serializeError(error: Error, options: { logContent: boolean }, depth: number) {
  const message = options.logContent ? error.message : error.message.split("\n", 1)[0];
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: scrubSecrets(message),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(options.logContent
      ? { stack: scrubSecrets(error.stack ?? "") }
      : frames.length > 0
        ? { stack: frames.join("\n") }
        : {}),
    ...(error.cause !== undefined ? { cause: redactValue(error.cause, options, depth + 1) } : {}),
  };
}

function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of secretPatterns) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}
