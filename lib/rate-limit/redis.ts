import Redis from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { log } from "@/lib/log";
import type { RateLimitDecision, RateLimiter } from "./types";

/**
 * Shared across instances through Redis. When Redis is unreachable the limiter fails open (the
 * request is served and a warning logged): an outage of the limiter must not become an outage of
 * the product. Documented in README.
 */
const CONNECT_TIMEOUT_MS = 2_000;

export function createRedisRateLimiter(url: string): RateLimiter {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    lazyConnect: false,
  });
  client.on("error", () => {}); // reconnects by itself; each failed call is logged below
  // Calls made before the first connection would fail (no offline queue) and so go uncounted:
  // the first requests after a start wait for the connection, up to the connect timeout.
  const firstConnection = new Promise<void>((resolve) => {
    client.once("ready", () => resolve());
    setTimeout(resolve, CONNECT_TIMEOUT_MS).unref();
  });
  const limiters = new Map<string, RateLimiterRedis>();

  function limiterFor(limit: number, windowSeconds: number) {
    const id = `${limit}:${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      // Same keyPrefix for every limit: the counter belongs to the key and window, not to the limit.
      limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `cfs:rl:${windowSeconds}`,
        points: limit,
        duration: windowSeconds,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  return {
    backend: "redis",
    async ping() {
      await client.ping();
    },
    async consume(key, limit, windowSeconds): Promise<RateLimitDecision> {
      await firstConnection;
      try {
        const result = await limiterFor(limit, windowSeconds).consume(key);
        return { allowed: true, remaining: result.remainingPoints, retryAfterMs: 0 };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, remaining: 0, retryAfterMs: error.msBeforeNext };
        }
        log.warn("rate limiter unavailable, allowing request", { backend: "redis", error });
        return { allowed: true, remaining: limit, retryAfterMs: 0 };
      }
    },
  };
}
