import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createTestDatabase } from "../test/support/database.mjs";
import { startMockOpenAI } from "../test/support/mock-openai.mjs";
import { startApp } from "../test/support/processes";

const defaultDatabaseServer = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * One app for every spec, as the integration tests have: the production build on a free port, a
 * fresh PostgreSQL database, Chroma and the mock OpenAI-compatible server. Workers read the URLs
 * from E2E_BASE_URL and E2E_MOCK_URL.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-e2e-"));
  const database = await createTestDatabase(process.env.DATABASE_URL || defaultDatabaseServer);
  const mock = await startMockOpenAI();
  const chroma = await (await loadChromaStarter())({ dataPath: path.join(dataDir, "chroma") });
  await chroma.ready;
  const app = await startApp(
    {
      DATABASE_URL: database.url,
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
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

// Playwright compiles imported files to CommonJS, which breaks this ES module; load it natively.
async function loadChromaStarter(): Promise<typeof import("../scripts/chroma-server.mjs").startChroma> {
  const url = pathToFileURL(path.resolve("scripts/chroma-server.mjs")).href;
  const chromaServer = (await import(
    /* @vite-ignore */ url
  )) as typeof import("../scripts/chroma-server.mjs");
  return chromaServer.startChroma;
}
