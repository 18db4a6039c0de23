import "server-only";
import { z } from "zod";
import { validate } from "@/lib/api/body";
import { payloadTooLarge } from "@/lib/api/errors";
import { isFormRequest, readForm, readJsonObject } from "@/lib/api/form";
import type { SourceFile } from "@/lib/documents";
import { env } from "@/lib/env";

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
  const { fields, files } = isFormRequest(request)
    ? await readUpsertForm(request)
    : { fields: await readJsonObject(request, uploadLimitBytes()), files: [] };
  const body = validate(bodySchema, fields, "Invalid request body");
  return { ...body, overrideConfig: body.overrideConfig ?? {}, files };
}

async function readUpsertForm(request: Request) {
  const form = await readForm(request, multipartLimitBytes(), tooLargeBody);
  const files: SourceFile[] = [];
  let total = 0;
  for (const file of form.files) {
    if (file.size > uploadLimitBytes()) {
      throw payloadTooLarge(`File "${file.name}" is larger than ${env.MAX_UPLOAD_MB} MB`);
    }
    total += file.size;
    if (total > uploadLimitBytes())
      throw payloadTooLarge(`Files are larger than ${env.MAX_UPLOAD_MB} MB together`);
    files.push({
      name: file.name || "upload",
      mime: file.type || undefined,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
  }
  return { fields: form.fields, files };
}

const tooLargeBody = () =>
  payloadTooLarge(`Request body is larger than the ${env.MAX_UPLOAD_MB} MB upload limit allows`);
