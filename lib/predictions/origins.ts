import { forbidden } from "@/lib/api/errors";

export const ORIGIN_NOT_ALLOWED = "This site is not allowed to access this chatbot";

const defaultPorts: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * `scheme://host:port` with the scheme and host lower-cased and the port always written, so that
 * `https://Shop.example.com`, `https://shop.example.com:443` and `https://shop.example.com/path`
 * compare equal. Null when the text is not an http(s) origin (the literal `null` origin included).
 */
export function normalizeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const port = url.port || defaultPorts[url.protocol];
  return `${url.protocol}//${url.hostname.toLowerCase()}:${port}`;
}

/** Whether a browser origin may call a chatflow: any when the list is empty (or holds `*`). */
export function isOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  const listed = allowedOrigins.map((entry) => entry.trim()).filter(Boolean);
  if (listed.length === 0 || listed.includes("*")) return true;
  const normalized = normalizeOrigin(origin);
  if (!normalized) return false;
  return listed.some((entry) => normalizeOrigin(entry) === normalized);
}

/**
 * API.md "Origins": a request without `Origin` (a server) passes; one whose origin is not listed
 * is a 403. Returns the origin to answer with CORS headers, or null when there is none.
 */
export function checkOrigin(request: Request, allowedOrigins: readonly string[]): string | null {
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  if (!isOriginAllowed(origin, allowedOrigins)) throw forbidden(ORIGIN_NOT_ALLOWED);
  return origin;
}
