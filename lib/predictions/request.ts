import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { validate } from "@/lib/api/body";
import { badRequest, payloadTooLarge } from "@/lib/api/errors";
import { isFormRequest, readForm, readJsonObject } from "@/lib/api/form";
import { env } from "@/lib/env";

// The body of POST /api/v1/prediction/{id} (API.md "Prediction"), JSON or multipart, read into one
// shape. Unknown fields are ignored: Flowise clients send extras (socketIOClientId, leadEmail…).

export interface PredictionFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/** An `uploads` entry, checked (a decodable data: URL within the size limit) and passed on as sent. */
export interface PredictionUpload {
  data: string;
  type: "file";
  name: string;
  mime: string;
}

export interface HistoryMessage {
  role: "user" | "assistant";
  content: string;
}

export interface PredictionRequest {
  question: string;
  chatId: string;
  /** True when the caller sent no chatId: a new session starts. */
  isNewChat: boolean;
  streaming: boolean;
  /** Used as the conversation instead of the stored session messages. */
  history?: HistoryMessage[];
  /** As sent; lib/predictions/overrides.ts decides what is honoured. */
  overrideConfig: Record<string, unknown>;
  uploads: PredictionUpload[];
  /** Multipart `files` parts. */
  files: PredictionFile[];
}

export const QUESTION_REQUIRED = "question is required";
const MB = 1024 * 1024;
const uploadLimitBytes = () => env.MAX_UPLOAD_MB * MB;
// Uploads travel base64-encoded inside JSON (4 characters per 3 bytes) beside the other fields.
const jsonLimitBytes = () => env.MAX_JSON_BODY_MB * MB + Math.ceil((uploadLimitBytes() * 4) / 3);
const multipartLimitBytes = () => uploadLimitBytes() + env.MAX_JSON_BODY_MB * MB;

const role = z
  .enum(["user", "assistant", "userMessage", "apiMessage"])
  .transform((value) => (value === "userMessage" ? "user" : value === "apiMessage" ? "assistant" : value));

// `{role, content}` as API.md says; Flowise's `{type: "userMessage"|"apiMessage", message}` too.
const historyItem = z.union([
  z.object({ role, content: z.string() }),
  z
    .object({ type: role, message: z.string() })
    .transform(({ type, message }) => ({ role: type, content: message })),
]);

const upload = z.object({
  data: z.string().startsWith("data:", "must be a data: URL"),
  type: z.literal("file").default("file"),
  name: z.string().trim().min(1).max(255).default("upload"),
  mime: z.string().trim().max(255).optional(),
});

const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]);

const bodySchema = z.object({
  chatId: z
    .union([z.string().trim().max(255), z.number().transform(String)])
    .nullish()
    .transform((value) => value ?? ""),
  streaming: flag.nullish().transform((value) => value ?? false),
  history: z.array(historyItem).max(1000).nullish(),
  overrideConfig: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? {}),
  uploads: z
    .array(upload)
    .max(100)
    .nullish()
    .transform((value) => value ?? []),
});

/** Reads and validates a prediction body: 400 for bad input, 413 beyond the size limits. */
export async function readPredictionRequest(request: Request): Promise<PredictionRequest> {
  const { fields, files } = isFormRequest(request)
    ? await readPredictionForm(request)
    : { fields: await readJsonObject(request, jsonLimitBytes()), files: [] };

  const question = fields.question;
  if (typeof question !== "string" || question.trim() === "") {
    throw badRequest(QUESTION_REQUIRED, [{ path: "question", message: QUESTION_REQUIRED }]);
  }
  const body = validate(bodySchema, fields, "Invalid request body");
  const uploads = body.uploads.map((item, index) => checkUpload(item, index));
  const total =
    uploads.reduce((sum, upload) => sum + upload.size, 0) +
    files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (total > uploadLimitBytes()) throw payloadTooLarge(`Uploads are larger than ${env.MAX_UPLOAD_MB} MB`);

  return {
    question,
    chatId: body.chatId || randomUUID(),
    isNewChat: body.chatId === "",
    streaming: body.streaming,
    history: body.history ?? undefined,
    overrideConfig: body.overrideConfig,
    uploads: uploads.map(({ upload }) => upload),
    files,
  };
}

// Multipart text parts that carry JSON.
const jsonParts = new Set(["overrideConfig", "history", "uploads"]);

async function readPredictionForm(request: Request) {
  const form = await readForm(request, multipartLimitBytes(), tooLargeBody);
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form.fields)) {
    if (!jsonParts.has(name)) {
      fields[name] = value;
      continue;
    }
    if (value.trim() === "") continue;
    try {
      fields[name] = JSON.parse(value);
    } catch {
      throw badRequest(`${name} must be JSON`, [{ path: name, message: "must be JSON" }]);
    }
  }
  const files: PredictionFile[] = await Promise.all(
    form.files.map(async (file) => ({
      name: file.name || "upload",
      mime: file.type || "application/octet-stream",
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return { fields, files };
}

const tooLargeBody = () =>
  payloadTooLarge(`Request body is larger than ${env.MAX_UPLOAD_MB} MB of uploads allows`);

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** Checks that an upload's data: URL decodes; returns it with its mime type filled in and its size. */
function checkUpload(
  item: z.infer<typeof upload>,
  index: number,
): { upload: PredictionUpload; size: number } {
  const match = item.data.match(/^data:([^,]*?),(.*)$/s);
  const invalid = () =>
    badRequest(`uploads.${index}.data is not a valid data: URL`, [
      { path: `uploads.${index}.data`, message: "is not a valid data: URL" },
    ]);
  if (!match) throw invalid();
  const [, header, payload] = match;
  const params = header.split(";");
  const isBase64 = params.slice(1).some((param) => param.toLowerCase() === "base64");
  let size: number;
  if (isBase64) {
    const compact = payload.replace(/\s+/g, "");
    if (!base64Pattern.test(compact) || compact.length % 4 === 1) throw invalid();
    size = Math.floor((compact.length * 3) / 4) - (compact.match(/=+$/)?.[0].length ?? 0);
  } else {
    try {
      size = Buffer.byteLength(decodeURIComponent(payload));
    } catch {
      throw invalid();
    }
  }
  const mime = item.mime || params[0] || "application/octet-stream";
  return { upload: { data: item.data, type: "file", name: item.name, mime }, size };
}
