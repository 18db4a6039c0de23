import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { freePort, startApp, waitFor, type AppProcess } from "../support/processes";

// Extra app instances for tests that need another configuration than the harness app's (a rate-limit
// backend, private webhooks). They share the harness database, so chatflows made there exist here.

export interface ExtraApp {
  url: string;
  stop(): Promise<void>;
}

export async function startExtraApp(name: string, env: Record<string, string>): Promise<ExtraApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `cfs-${name}-`));
  const app: AppProcess = await startApp(
    {
      DATABASE_URL: inject("databaseUrl"),
      DATA_DIR: dataDir,
      AUTH_SECRET: inject("authSecret"),
      ENCRYPTION_KEY: "",
      OPENAI_BASE_URL: `${inject("mockUrl")}/v1`,
      OPENAI_API_KEY: "test-openai-key",
      CHROMA_URL: inject("chromaUrl"),
      LOG_LEVEL: "warn",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      UPSTASH_REDIS_REST_TOKEN: "",
      ...env,
    },
    name,
  );
  return {
    url: app.url,
    stop: async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Upstash REST emulator in front of the local Redis, on a free port. */
export async function startUpstashEmulator(redisUrl: string) {
  const port = await freePort();
  const token = `token-${crypto.randomUUID()}`;
  const bin = path.resolve("node_modules/@humanwhocodes/upstash-redis-server/dist/server.js");
  const child: ChildProcess = spawn(process.execPath, [bin], {
    env: { ...process.env, URS_TOKEN: token, PORT: String(port), REDIS_URL: redisUrl },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(["PING"]),
      });
      return response.ok;
    },
    "the Upstash emulator",
    20_000,
  );
  return {
    url,
    token,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
