import { badRequest } from "./errors";

export interface Page {
  skip: number;
  take: number;
}

const MAX_LIMIT = 500;

/** `page` (1-based) and `limit` (default 100, max 500) from the query; out of range is a 400. */
export function readPage(searchParams: URLSearchParams): Page {
  const page = readPositiveInt(searchParams, "page", 1);
  const limit = readPositiveInt(searchParams, "limit", 100);
  if (limit > MAX_LIMIT) throw badRequest(`limit must be between 1 and ${MAX_LIMIT}`);
  return { skip: (page - 1) * limit, take: limit };
}

function readPositiveInt(searchParams: URLSearchParams, name: string, fallback: number): number {
  const raw = searchParams.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`${name} must be a positive integer`);
  }
  return Number(raw);
}

/** A list response: the JSON array plus X-Total-Count. */
export function listResponse(items: unknown[], total: number): Response {
  return Response.json(items, { headers: { "X-Total-Count": String(total) } });
}
