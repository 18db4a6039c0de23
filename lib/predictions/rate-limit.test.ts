import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createMemoryRateLimiter } from "@/lib/rate-limit/memory";
import { enforceRateLimit, rateLimitKey } from "./rate-limit";

const FLOW = "11111111-1111-4111-8111-111111111111";
const request = (ip: string) => new Request("http://app.test/", { headers: { "x-forwarded-for": ip } });

async function outcome(promise: Promise<void>) {
  try {
    await promise;
    return "allowed";
  } catch (error) {
    const { statusCode, message, headers } = error as ApiError;
    return { statusCode, message, retryAfter: headers?.["Retry-After"] };
  }
}

describe("rateLimitKey", () => {
  it("counts per chatflow and per caller: key, member, else client IP", () => {
    expect(rateLimitKey(FLOW, { kind: "apiKey", apiKeyId: "k1" }, request("1.2.3.4"))).toBe(
      `prediction:${FLOW}:key:k1`,
    );
    expect(rateLimitKey(FLOW, { kind: "user", userId: "u1" }, request("1.2.3.4"))).toBe(
      `prediction:${FLOW}:user:u1`,
    );
    expect(rateLimitKey(FLOW, { kind: "anonymous" }, request("1.2.3.4"))).toBe(
      `prediction:${FLOW}:ip:1.2.3.4`,
    );
  });
});

describe("enforceRateLimit", () => {
  it("lets limitMax requests through per window, then answers 429 with limitMsg and Retry-After", async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const limit = { limitMax: 2, limitDurationS: 30, limitMsg: "Slow down" };
    expect(await outcome(enforceRateLimit(limit, "k", limiter))).toBe("allowed");
    now = 10_000;
    expect(await outcome(enforceRateLimit(limit, "k", limiter))).toBe("allowed");
    expect(await outcome(enforceRateLimit(limit, "k", limiter))).toEqual({
      statusCode: 429,
      message: "Slow down",
      retryAfter: "20",
    });
    expect(await outcome(enforceRateLimit(limit, "other", limiter))).toBe("allowed");
    now = 30_000;
    expect(await outcome(enforceRateLimit(limit, "k", limiter))).toBe("allowed");
  });

  it("says Too many requests without a limitMsg", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const limit = { limitMax: 1, limitDurationS: 5 };
    await enforceRateLimit(limit, "k", limiter);
    expect(await outcome(enforceRateLimit(limit, "k", limiter))).toEqual({
      statusCode: 429,
      message: "Too many requests",
      retryAfter: "5",
    });
  });

  it("applies a changed limit to the very next request", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    for (let i = 0; i < 3; i++) await enforceRateLimit({ limitMax: 10, limitDurationS: 60 }, "k", limiter);
    expect(await outcome(enforceRateLimit({ limitMax: 2, limitDurationS: 60 }, "k", limiter))).toMatchObject({
      statusCode: 429,
    });
    expect(await outcome(enforceRateLimit({ limitMax: 100, limitDurationS: 60 }, "k", limiter))).toBe(
      "allowed",
    );
  });

  it("does nothing without a limit", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    for (let i = 0; i < 5; i++) expect(await outcome(enforceRateLimit(null, "k", limiter))).toBe("allowed");
  });
});
