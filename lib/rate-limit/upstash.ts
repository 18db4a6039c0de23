import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { log } from "@/lib/log";
import type { RateLimitDecision, RateLimiter } from "./types";

/** Upstash Redis over REST, for serverless deployments. Fails open like the Redis backend. */
export function createUpstashRateLimiter(url: string, token: string): RateLimiter {
  const redis = new Redis({ url, token, enableTelemetry: false });
  const limiters = new Map<string, Ratelimit>();

  function limiterFor(limit: number, windowSeconds: number) {
    const id = `${limit}:${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis,
        limiter: Ratelimit.fixedWindow(limit, `${windowSeconds} s`),
        prefix: `cfs:rl:${windowSeconds}`,
        analytics: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  return {
    backend: "upstash",
    async ping() {
      await redis.ping();
    },
    async consume(key, limit, windowSeconds): Promise<RateLimitDecision> {
      try {
        const result = await limiterFor(limit, windowSeconds).limit(key);
        return {
          allowed: result.success,
          remaining: result.remaining,
          retryAfterMs: result.success ? 0 : Math.max(0, result.reset - Date.now()),
        };
      } catch (error) {
        log.warn("rate limiter unavailable, allowing request", { backend: "upstash", error });
        return { allowed: true, remaining: limit, retryAfterMs: 0 };
      }
    },
  };
}
