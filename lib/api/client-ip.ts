import { env } from "@/lib/env";

/**
 * The caller's address. `npm start` (scripts/start.mjs) overwrites X-Forwarded-For with the socket
 * address unless TRUST_PROXY is set; behind a trusted proxy, the last entry is the address that
 * proxy saw (earlier entries are whatever the client claimed).
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    if (hops.length > 0) return env.TRUST_PROXY ? hops[hops.length - 1] : hops[0];
  }
  return request.headers.get("x-real-ip") ?? "unknown";
}
