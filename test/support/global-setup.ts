import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startChroma } from "../../scripts/chroma-server.mjs";
import { createTestDatabase } from "./database.mjs";
import { startMockOpenAI } from "./mock-openai.mjs";
import { startApp } from "./processes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    mockUrl: string;
    /** Empty when the app runs on PGlite (no second connection possible). */
    databaseUrl: string;
    /** The app's AUTH_SECRET, so tests can sign edge-case tokens (expired ones). */
    authSecret: string;
    /** The Chroma server the app uses (started here, data in a temporary directory). */
    chromaUrl: string;
    /** A Redis server for tests of the shared rate limiter (TEST_REDIS_URL, else the local one). */
    redisUrl: string;
  }
}

/**
 * One app for the integration files: the production build on a free port, a fresh database
 * (a new PostgreSQL database when DATABASE_URL is set, else PGlite in a temporary directory),
 * a Chroma server and the mock OpenAI-compatible server. Run `next build` first (`npm test` does).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-test-"));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const mock = await startMockOpenAI();
  const chroma = await startChroma({ dataPath: path.join(dataDir, "chroma") });
  await chroma.ready;
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
    CHROMA_URL: chroma.url,
    UPSTASH_REDIS_REST_URL: "",
  });

  project.provide("baseUrl", app.url);
  project.provide("mockUrl", mock.url);
  project.provide("databaseUrl", database?.url ?? "");
  project.provide("authSecret", authSecret);
  project.provide("chromaUrl", chroma.url);
  project.provide("redisUrl", process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");

  return async () => {
    await app.stop();
    await mock.close();
    chroma.child.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
