import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis } from "../support/redis-server";
import { call, createFlow, signUp, startOwnApp, type OwnApp } from "../faults/own-app";
import { conversationFlow } from "./prediction-helpers";

// The Redis rate limiter (REDIS_URL) with its Redis stopped under it: as README documents, the
// limiter fails open (requests are served, a warning is logged), for predictions and for sign-up
// and login alike; never a 500. When Redis comes back the limits apply again.

describe("Redis down under the Redis rate limiter", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let app: OwnApp;
  let token: string;
  let chatflowId: string;
  const limitMsg = "Slow down (Redis)";

  beforeAll(async () => {
    redis = await startRedis();
    app = await startOwnApp("faults-redis", { REDIS_URL: redis.url, AUTH_RATE_LIMIT_PER_MIN: "1000" });
    token = await signUp(app.url);
    chatflowId = await createFlow(app.url, token, conversationFlow(), {
      apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 3, limitDuration: 60, limitMsg } }),
    });
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  const ask = (question: string) => call(app.url, `/api/v1/prediction/${chatflowId}`, { body: { question } });

  it("limits while Redis is up, serves everything while it is down, limits again once it is back", async () => {
    const up = [];
    for (let i = 0; i < 4; i++) up.push((await ask(`up ${i}`)).status);
    expect(up).toEqual([200, 200, 200, 429]);

    await redis.stop();
    const down = [];
    for (let i = 0; i < 8; i++) {
      const reply = await ask(`down ${i}`);
      down.push(reply.status);
      if (reply.status === 200) expect(reply.body.text).toBe(`Echo: down ${i}`);
    }
    expect(down).toEqual(Array(8).fill(200));

    // Sign-up and login count attempts in the same limiter: they are served too.
    expect(await signUp(app.url)).toEqual(expect.any(String));
    const health = await call(app.url, "/api/v1/health");
    expect(health.status).toBe(503); // health names the dead dependency; it is not an error of its own
    expect(health.body.dependencies.redis).toMatchObject({ status: "error", backend: "redis" });

    redis = await startRedis({ port: redis.port });
    // ioredis reconnects by itself (with back-off); a fresh Redis has no counters, so three more
    // predictions pass and the next is refused.
    let limited = false;
    const deadline = Date.now() + 30_000;
    const seen: number[] = [];
    while (!limited && Date.now() < deadline) {
      const reply = await ask("after");
      seen.push(reply.status);
      expect([200, 429]).toContain(reply.status);
      if (reply.status === 429) {
        limited = true;
        expect(reply.body).toEqual({
          statusCode: 429,
          success: false,
          message: limitMsg,
          requestId: expect.any(String),
        });
      } else {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(limited, `statuses after the restart: ${seen.join(",")}`).toBe(true);
  }, 120_000);
});
