import "server-only";
import { tooManyRequests } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { getRateLimiter } from "@/lib/rate-limit";

/** Sign-up and login attempts per client address: AUTH_RATE_LIMIT_PER_MIN per minute. */
export async function limitAuthAttempts(action: "login" | "signup", ip: string) {
  const decision = await getRateLimiter().consume(`auth:${action}:${ip}`, env.AUTH_RATE_LIMIT_PER_MIN, 60);
  if (!decision.allowed) {
    throw tooManyRequests("Too many attempts, try again later", decision.retryAfterMs / 1000);
  }
}
