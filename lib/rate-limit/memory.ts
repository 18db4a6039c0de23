import type { RateLimitDecision, RateLimiter } from "./types";

interface Window {
  count: number;
  resetAt: number;
}

const PRUNE_EVERY = 1_000;

/** One process only: for a single instance without Redis. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Window>();
  let calls = 0;

  function prune(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    backend: "memory",
    ping: async () => {},
    async consume(key, limit, windowSeconds): Promise<RateLimitDecision> {
      const at = now();
      if (++calls % PRUNE_EVERY === 0) prune(at);
      const id = `${windowSeconds}:${key}`;
      let window = windows.get(id);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowSeconds * 1000 };
        windows.set(id, window);
      }
      window.count += 1;
      const allowed = window.count <= limit;
      return {
        allowed,
        remaining: Math.max(0, limit - window.count),
        retryAfterMs: allowed ? 0 : window.resetAt - at,
      };
    },
  };
}
