import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { api } from "../support/api";
import { startApp, waitFor, type AppProcess } from "../support/processes";
import { startRedis } from "../support/redis-server";

describe("health", () => {
  it("reports every dependency with its latency", async () => {
    const response = await api("/api/v1/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "ok",
      dependencies: {
        database: { status: "ok", latencyMs: expect.any(Number) },
        redis: { status: "ok", latencyMs: expect.any(Number), backend: "memory" },
        chroma: { status: "ok", latencyMs: expect.any(Number) },
      },
    });
  });

  describe("with a Redis rate limiter", () => {
    let app: AppProcess | undefined;
    let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
    afterAll(async () => {
      await app?.stop();
      await redis?.stop();
    });

    it("answers 503 naming Redis once Redis stops", async () => {
      redis = await startRedis();
      app = await startApp(
        {
          DATABASE_URL: inject("databaseUrl") || "",
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfs-health-")),
          CHROMA_URL: inject("chromaUrl"),
          REDIS_URL: redis.url,
          AUTH_SECRET: "health-test-secret",
          LOG_LEVEL: "error",
        },
        "health",
      );
      // The Redis client connects in the background after start-up.
      const appUrl = app.url;
      await waitFor(
        async () => (await fetch(`${appUrl}/api/v1/health`)).status === 200,
        "a healthy app",
        10_000,
      );
      const healthy = await fetch(`${app.url}/api/v1/health`);
      expect((await healthy.json()).dependencies.redis).toMatchObject({ status: "ok", backend: "redis" });

      await redis.stop();
      const unhealthy = await fetch(`${app.url}/api/v1/health`);
      expect(unhealthy.status).toBe(503);
      const body = await unhealthy.json();
      expect(body.status).toBe("error");
      expect(body.dependencies.redis).toMatchObject({
        status: "error",
        backend: "redis",
        error: expect.any(String),
      });
      expect(body.dependencies.database.status).toBe("ok");
    });
  });
});
