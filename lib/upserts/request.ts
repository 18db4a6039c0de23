import "server-only";
import { z } from "zod";
import { readText, validate } from "@/lib/api/body";
import { badRequest, payloadTooLarge } from "@/lib/api/errors";
import type { SourceFile } from "@/lib/documents";
import { env } from "@/lib/env";
import { countBytes } from "@/lib/predictions/request";

// The body of an upsert (API.md "Vector upsert"), JSON or multipart, read into one shape.
// Sizes: each file and all files together at most MAX_UPLOAD_MB; a JSON body (text and documents
// inside it) at most MAX_UPLOAD_MB too. A declared or streamed body over the limit is refused (413)
// before it is buffered.

export interface UpsertRequest {
  text?: string;
  documents?: Array<{ pageContent: string; metadata?: Record<string, unknown> }>;
  files: SourceFile[];
  metadata?: Record<string, unknown>;
  overrideConfig: Record<string, unknown>;
  stopNodeId?: string;
}

const MB = 1024 * 1024;
const uploadLimitBytes = () => env.MAX_UPLOAD_MB * MB;
// Room for the text parts and multipart framing beside the files.
const multipartLimitBytes = () => uploadLimitBytes() + env.MAX_JSON_BODY_MB * MB;

const jsonObject = z.record(z.string(), z.unknown());
// Multipart sends objects as JSON text; JSON clients sometimes do too.
const objectOrJsonText = (name: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      if (value.trim() === "") return undefined;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    jsonObject
      .nullish()
      .transform((parsed) => parsed ?? undefined)
      .describe(name),
  );

const bodySchema = z.object({
  text: z.string().optional(),
  documents: z
    .array(
      z.object({
        pageContent: z.string(),
        metadata: jsonObject.nullish().transform((value) => value ?? undefined),
      }),
    )
    .optional(),
  metadata: objectOrJsonText("metadata"),
  overrideConfig: objectOrJsonText("overrideConfig"),
  stopNodeId: z
    .string()
    .trim()
    .max(255)
    .optional()
    .transform((value) => value || undefined),
});

export async function readUpsertRequest(request: Request): Promise<UpsertRequest> {
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
  const isForm =
    contentType.startsWith("multipart/form-data") ||
    contentType.startsWith("application/x-www-form-urlencoded");
  const { fields, files } = isForm
    ? await readForm(request)
    : { fields: await readJsonObject(request), files: [] };
  const body = validate(bodySchema, fields, "Invalid request body");
  return { ...body, overrideConfig: body.overrideConfig ?? {}, files };
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readText(request, uploadLimitBytes());
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

async function readForm(request: Request) {
  const limit = multipartLimitBytes();
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLargeBody();
  const counted = countBytes(request, limit);
  let form: FormData;
  try {
    form = await counted.request.formData();
  } catch {
    if (counted.isOverLimit()) throw tooLargeBody();
    throw badRequest("Malformed multipart body");
  }

  const fields: Record<string, unknown> = {};
  const files: SourceFile[] = [];
  let total = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      fields[name] = value;
      continue;
    }
    if (name !== "files") continue;
    if (value.size > uploadLimitBytes()) {
      throw payloadTooLarge(`File "${value.name}" is larger than ${env.MAX_UPLOAD_MB} MB`);
    }
    total += value.size;
    if (total > uploadLimitBytes())
      throw payloadTooLarge(`Files are larger than ${env.MAX_UPLOAD_MB} MB together`);
    files.push({
      name: value.name || "upload",
      mime: value.type || undefined,
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  return { fields, files };
}

const tooLargeBody = () =>
  payloadTooLarge(`Request body is larger than the ${env.MAX_UPLOAD_MB} MB upload limit allows`);
