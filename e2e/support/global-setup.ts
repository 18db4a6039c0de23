import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createTestDatabase } from "../../test/support/database";
import { startMockOpenAI } from "../../test/support/mock-openai";
import { startApp } from "../../test/support/processes";

/**
 * The same world as the integration tests (test/support/global-setup.ts): the production build on a
 * free port, a fresh database (a new PostgreSQL database when DATABASE_URL is set, else PGlite in a
 * temporary directory), Chroma, and the mock OpenAI-compatible server as the models' provider.
 */
// Loaded at run time: Playwright compiles imported files to CommonJS, which an .mjs file cannot be.
async function loadChromaLauncher(): Promise<typeof import("../../scripts/chroma-server.mjs")> {
  const url = pathToFileURL(path.resolve("scripts/chroma-server.mjs")).href;
  return import(/* webpackIgnore: true */ url);
}

export default async function globalSetup() {
  const { startChroma } = await loadChromaLauncher();
  const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-e2e-"));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const mock = await startMockOpenAI();
  const chroma = await startChroma({ dataPath: path.join(dataDir, "chroma") });
  await chroma.ready;
  const app = await startApp(
    {
      DATABASE_URL: database?.url ?? "",
      DATA_DIR: dataDir,
      OPENAI_BASE_URL: `${mock.url}/v1`,
      OPENAI_API_KEY: "test-openai-key",
      AUTH_RATE_LIMIT_PER_MIN: "1000",
      LOG_LEVEL: "warn",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      ENCRYPTION_KEY: "",
      REDIS_URL: "",
      CHROMA_URL: chroma.url,
      UPSTASH_REDIS_REST_URL: "",
    },
    "e2e-app",
  );
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_MOCK_URL = mock.url;

  return async () => {
    await app.stop();
    await mock.close();
    chroma.child.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
