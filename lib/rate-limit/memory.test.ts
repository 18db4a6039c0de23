import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./memory";

describe("memory rate limiter", () => {
  it("allows `limit` calls per window, then tells when to retry", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume("k", 3, 60));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3].retryAfterMs).toBe(60_000);
    now += 60_000;
    expect((await limiter.consume("k", 3, 60)).allowed).toBe(true);
  });

  it("judges the running count against the limit of each call", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    for (let i = 0; i < 5; i++) await limiter.consume("k", 10, 60);
    expect((await limiter.consume("k", 2, 60)).allowed).toBe(false);
  });

  it("keeps separate counters per key", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    expect((await limiter.consume("a", 1, 60)).allowed).toBe(true);
    expect((await limiter.consume("b", 1, 60)).allowed).toBe(true);
    expect((await limiter.consume("a", 1, 60)).allowed).toBe(false);
  });
});
