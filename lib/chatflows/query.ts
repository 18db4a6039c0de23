import { badRequest } from "@/lib/api/errors";
import { chatflowTypes, type ChatflowType } from "./schema";

// Query-string and path parameters of the chatflow routes.

export interface ChatflowFilters {
  type?: ChatflowType;
  category?: string;
}

/** `type` (one of the chatflow types) and `category` (one exact category); empty means no filter. */
export function readChatflowFilters(searchParams: URLSearchParams): ChatflowFilters {
  const type = searchParams.get("type")?.trim() || undefined;
  const category = searchParams.get("category")?.trim() || undefined;
  if (type !== undefined && !(chatflowTypes as readonly string[]).includes(type)) {
    throw badRequest(`type must be one of ${chatflowTypes.join(", ")}`);
  }
  return { type: type as ChatflowType | undefined, category };
}

/** `keyonly=true|false` (absent = false). */
export function readKeyOnly(searchParams: URLSearchParams): boolean {
  const value = searchParams.get("keyonly");
  if (value === null || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw badRequest("keyonly must be true or false");
}

// ISO 8601 date-time with a zone: 2026-11-22T10:00:00.123Z, 2026-11-22T11:00:00+01:00.
const isoDateTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)$/i;

/** The instant named by an ISO 8601 timestamp (with a zone); else 400. */
export function parseTimestamp(value: string): Date {
  const text = safeDecode(value).trim();
  const instant = isoDateTime.test(text) && isCalendarDate(text.slice(0, 10)) ? new Date(text) : null;
  if (!instant || Number.isNaN(instant.getTime())) {
    throw badRequest("lastUpdatedDateTime must be an ISO 8601 timestamp such as 2026-11-22T10:00:00.000Z");
  }
  return instant;
}

// `new Date` rolls 2026-02-30 over to March 2 instead of rejecting it.
function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split("-").map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

// Clients may percent-encode the colons of a timestamp in the path.
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
