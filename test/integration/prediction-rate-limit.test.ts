import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMember, errorBody, type Member } from "../support/api";
import { startExtraApp, startUpstashEmulator, type ExtraApp } from "./prediction-apps";
import { createApiKey, createChatflow, predict, updateChatflow } from "./prediction-helpers";

// Per-chatflow rate limits on the shared backends: Redis (rate-limiter-flexible + ioredis) and
// Upstash (@upstash/ratelimit through the REST emulator in front of the same Redis). The memory
// backend is covered by prediction-access.test.ts against the harness app.

const REDIS_URL = inject("redisUrl");
const hasDatabase = Boolean(inject("databaseUrl"));

async function expectLimitedAfter(app: ExtraApp, member: Member, limitMsg: string) {
  const chatflow = await createChatflow(member, {
    apiConfig: { rateLimit: { status: true, limitMax: 2, limitDuration: 30, limitMsg } },
  });
  for (const question of ["one", "two"]) {
    const response = await predict(chatflow.id, { question }, { app: app.url });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
  const limited = await predict(chatflow.id, { question: "three" }, { app: app.url });
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual(errorBody(429, limitMsg));
  const retryAfter = Number(limited.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(30);

  // Another caller (an API key) has its own counter.
  const key = await createApiKey(member);
  expect((await predict(chatflow.id, { question: "four" }, { app: app.url, token: key.apiKey })).status).toBe(
    200,
  );

  // A raised limit applies to the very next request, a lowered one too.
  await updateChatflow(member, chatflow.id, {
    apiConfig: { rateLimit: { status: true, limitMax: 5, limitDuration: 30 } },
  });
  expect((await predict(chatflow.id, { question: "five" }, { app: app.url })).status).toBe(200);
  await updateChatflow(member, chatflow.id, {
    apiConfig: { rateLimit: { status: true, limitMax: 3, limitDuration: 30 } },
  });
  const lowered = await predict(chatflow.id, { question: "six" }, { app: app.url });
  expect(lowered.status).toBe(429);
  expect(lowered.body).toEqual(errorBody(429, "Too many requests"));
  return chatflow;
}

describe.skipIf(!hasDatabase)("prediction rate limit on shared backends", () => {
  let redis: Redis;
  let member: Member;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    member = await createMember();
  });
  afterAll(async () => {
    redis?.disconnect();
  });

  describe("Redis", () => {
    let app: ExtraApp;
    beforeAll(async () => {
      app = await startExtraApp("redis-app", { REDIS_URL });
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
    });

    it("answers 429 with limitMsg and Retry-After, counting in Redis", async () => {
      const chatflow = await expectLimitedAfter(app, member, "Redis says slow down");
      const keys = await redis.keys(`cfs:rl:30:prediction:${chatflow.id}:*`);
      expect(keys).toContainEqual(
        expect.stringMatching(new RegExp(`^cfs:rl:30:prediction:${chatflow.id}:ip:`)),
      );
    });
  });

  describe("Upstash", () => {
    let emulator: Awaited<ReturnType<typeof startUpstashEmulator>>;
    let app: ExtraApp;
    beforeAll(async () => {
      emulator = await startUpstashEmulator(REDIS_URL);
      app = await startExtraApp("upstash-app", {
        UPSTASH_REDIS_REST_URL: emulator.url,
        UPSTASH_REDIS_REST_TOKEN: emulator.token,
      });
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
      await emulator?.stop();
    });

    it("answers 429 with limitMsg and Retry-After, counting through the Upstash REST API", async () => {
      const chatflow = await expectLimitedAfter(app, member, "Upstash says slow down");
      // @upstash/ratelimit's fixed window keys end with the window number.
      const keys = await redis.keys(`cfs:rl:30:prediction:${chatflow.id}:*`);
      expect(keys).toContainEqual(
        expect.stringMatching(new RegExp(`^cfs:rl:30:prediction:${chatflow.id}:ip:.+:\\d+$`)),
      );
    });
  });
});
