// The browser's side of /api/v1: same-origin fetches that carry the next-auth session cookie, and
// one error type holding the message of API.md's JSON error body.

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Array<{ path?: string; message: string }>,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** The most useful message of a failed response body (a validation detail beats the summary). */
export function readErrorMessage(body: unknown, status: number): string {
  if (body && typeof body === "object") {
    const { message, details } = body as {
      message?: unknown;
      details?: Array<{ path?: string; message?: string }>;
    };
    const detail = details?.[0];
    if (detail?.message) return detail.path ? `${detail.path}: ${detail.message}` : detail.message;
    if (typeof message === "string" && message) return message;
  }
  return `Request failed (${status})`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** A JSON call to the API; throws ApiRequestError for any non-2xx answer. */
export async function callApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined && !(options.body instanceof FormData);
  const response = await fetch(`/api/v1${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body:
      options.body instanceof FormData ? options.body : hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    credentials: "same-origin",
  });
  const body = await readBody(response);
  if (!response.ok) {
    const details = (body as { details?: ApiRequestError["details"] } | undefined)?.details;
    throw new ApiRequestError(response.status, readErrorMessage(body, response.status), details);
  }
  return body as T;
}

/** Every page of a list endpoint (lists cap `limit` at 500). */
export async function listAll<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const separator = path.includes("?") ? "&" : "?";
  const items: T[] = [];
  for (let page = 1; page < 100; page++) {
    const batch = await callApi<T[]>(`${path}${separator}limit=500&page=${page}`, { signal });
    items.push(...batch);
    if (batch.length < 500) break;
  }
  return items;
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
