import "server-only";
import { parseJsonBody, readText } from "./body";
import { ApiError, badRequest } from "./errors";

// Request bodies that may come as JSON or as a form (multipart or urlencoded): predictions and
// upserts accept both. Limits are enforced while reading, before anything is buffered beyond them.

export const isFormRequest = (request: Request) => {
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
  return (
    contentType.startsWith("multipart/form-data") ||
    contentType.startsWith("application/x-www-form-urlencoded")
  );
};

/** A JSON object body (anything else is a 400), at most `limitBytes`. */
export async function readJsonObject(request: Request, limitBytes: number): Promise<Record<string, unknown>> {
  const value = parseJsonBody(await readText(request, limitBytes));
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

export interface FormContent {
  /** Text parts by name (the last one wins). */
  fields: Record<string, string>;
  /** File parts named `files`, in order. */
  files: File[];
}

/** Reads a form body of at most `limitBytes`; `tooLarge` is the 413 to throw beyond it. */
export async function readForm(
  request: Request,
  limitBytes: number,
  tooLarge: () => ApiError,
): Promise<FormContent> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  const counted = countBytes(request, limitBytes);
  let form: FormData;
  try {
    form = await counted.request.formData();
  } catch {
    if (counted.isOverLimit()) throw tooLarge();
    throw badRequest("Malformed multipart body");
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "files") files.push(value);
  }
  return { fields, files };
}

/** The request with a body that fails once more than `limit` bytes went through, before buffering them. */
function countBytes(request: Request, limit: number) {
  let size = 0;
  let isOverLimit = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) {
        isOverLimit = true;
        controller.error(new ApiError(413, "too large"));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const body = request.body ? request.body.pipeThrough(counter) : null;
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers: request.headers,
    body,
    duplex: "half",
  };
  return { request: new Request(request.url, init), isOverLimit: () => isOverLimit };
}
