import "server-only";
import { env } from "@/lib/env";
import { createMemoryRateLimiter } from "./memory";
import { createRedisRateLimiter } from "./redis";
import type { RateLimiter } from "./types";
import { createUpstashRateLimiter } from "./upstash";

export type { RateLimitDecision, RateLimiter } from "./types";

const holder = globalThis as typeof globalThis & { __chatflowRateLimiter?: RateLimiter };

/** Upstash when configured (hosted), else Redis, else in-process memory. */
export function getRateLimiter(): RateLimiter {
  holder.__chatflowRateLimiter ??=
    env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN
      ? createUpstashRateLimiter(env.UPSTASH_REDIS_REST_URL, env.UPSTASH_REDIS_REST_TOKEN)
      : env.REDIS_URL
        ? createRedisRateLimiter(env.REDIS_URL)
        : createMemoryRateLimiter();
  return holder.__chatflowRateLimiter;
}
