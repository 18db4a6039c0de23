export interface RateLimitDecision {
  allowed: boolean;
  remaining: number;
  /** When the caller may try again (0 when allowed). */
  retryAfterMs: number;
}

/**
 * Fixed-window counters. Counters are keyed by `key` and the window length only, and each call is
 * judged against the `limit` it passes, so a changed limit applies to the very next request.
 */
export interface RateLimiter {
  readonly backend: "memory" | "redis" | "upstash";
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision>;
  /** Resolves when the backing store answers (health checks); memory always does. */
  ping(): Promise<void>;
}
