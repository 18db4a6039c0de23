import "server-only";
import { clientIp } from "@/lib/api/client-ip";
import { tooManyRequests } from "@/lib/api/errors";
import { getRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import type { PredictionCaller } from "./access";
import type { PredictionRateLimit } from "./api-config";

export const DEFAULT_LIMIT_MESSAGE = "Too many requests";

/** The counter a prediction is charged to: per chatflow and per caller (API key, member, else IP). */
export function rateLimitKey(chatflowId: string, caller: PredictionCaller, request: Request): string {
  const who =
    caller.kind === "apiKey"
      ? `key:${caller.apiKeyId}`
      : caller.kind === "user"
        ? `user:${caller.userId}`
        : `ip:${clientIp(request)}`;
  return `prediction:${chatflowId}:${who}`;
}

/**
 * Charges one prediction against the chatflow's limit; 429 with its `limitMsg` (or "Too many
 * requests") and Retry-After when over. The limit is read from the row of this request, and the
 * limiter judges each call against the limit it is given, so a changed limit applies at once.
 */
export async function enforceRateLimit(
  limit: PredictionRateLimit | null,
  key: string,
  limiter: RateLimiter = getRateLimiter(),
): Promise<void> {
  if (!limit) return;
  const decision = await limiter.consume(key, limit.limitMax, limit.limitDurationS);
  if (!decision.allowed) {
    throw tooManyRequests(limit.limitMsg ?? DEFAULT_LIMIT_MESSAGE, decision.retryAfterMs / 1000);
  }
}
