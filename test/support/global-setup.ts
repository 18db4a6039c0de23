import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./database";
import { startMockOpenAI } from "./mock-openai";
import { startApp } from "./processes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    mockUrl: string;
    /** Empty when the app runs on PGlite (no second connection possible). */
    databaseUrl: string;
    /** The app's AUTH_SECRET, so tests can sign edge-case tokens (expired ones). */
    authSecret: string;
  }
}

/**
 * One app for the integration files: the production build on a free port, a fresh database
 * (a new PostgreSQL database when DATABASE_URL is set, else PGlite in a temporary directory)
 * and the mock OpenAI-compatible server. Run `next build` first (`npm test` does).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-test-"));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const mock = await startMockOpenAI();
  const authSecret = randomBytes(32).toString("base64url");
  const app = await startApp({
    DATABASE_URL: database?.url ?? "",
    DATA_DIR: dataDir,
    OPENAI_BASE_URL: `${mock.url}/v1`,
    OPENAI_API_KEY: "test-openai-key",
    AUTH_RATE_LIMIT_PER_MIN: "1000",
    LOG_LEVEL: "warn",
    AUTH_SECRET: authSecret,
    ENCRYPTION_KEY: "",
    REDIS_URL: "",
    UPSTASH_REDIS_REST_URL: "",
  });

  project.provide("baseUrl", app.url);
  project.provide("mockUrl", mock.url);
  project.provide("databaseUrl", database?.url ?? "");
  project.provide("authSecret", authSecret);

  return async () => {
    await app.stop();
    await mock.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
