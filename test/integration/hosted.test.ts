import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { conversationFlow, flowData } from "./prediction-helpers";
import { startUpstashEmulator } from "./prediction-apps";
import {
  call,
  createFreshDatabase,
  listChildProcesses,
  queryDatabase,
  signUpAt,
  startOpsApp,
  testAuthSecret,
  testEncryptionKey,
  type OpsApp,
} from "./ops-helpers";

// Hosted (Vercel) mode, as docs/deploy.md sets it up: VERCEL=1, managed PostgreSQL (migrated by
// the build step, `npm run vercel-build` = scripts/migrate.mjs + next build), Upstash Redis (the
// REST emulator in front of the local Redis), a Chroma server, and the secrets in the environment.
// The app must then write no local file and start no process, and refuse to start without a secret.

const hasDatabase = Boolean(inject("databaseUrl"));

describe.skipIf(!hasDatabase)("hosted mode (VERCEL=1)", () => {
  let database: Awaited<ReturnType<typeof createFreshDatabase>>;
  let upstash: Awaited<ReturnType<typeof startUpstashEmulator>>;
  let hostedEnv: Record<string, string>;

  beforeAll(async () => {
    database = await createFreshDatabase();
    upstash = await startUpstashEmulator(inject("redisUrl"));
    hostedEnv = {
      VERCEL: "1",
      DATABASE_URL: database.url,
      CHROMA_URL: inject("chromaUrl"),
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: upstash.token,
      REDIS_URL: "",
      AUTH_SECRET: testAuthSecret(),
      ENCRYPTION_KEY: testEncryptionKey(),
      TRUST_PROXY: "true",
    };
  }, 60_000);
  afterAll(async () => {
    await upstash?.stop();
    await database?.drop();
  });

  it("applies the migrations in the build step (scripts/migrate.mjs) before any instance starts", async () => {
    const migrate = spawnSync(process.execPath, ["scripts/migrate.mjs"], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/^Applied \d{14}_init, \d{14}_prediction_runs/);
    const again = spawnSync(process.execPath, ["scripts/migrate.mjs"], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
    });
    expect(again.stdout.trim()).toBe("Database schema is up to date");
  });

  describe("with every hosted variable set", () => {
    let app: OpsApp;
    beforeAll(async () => {
      app = await startOpsApp("hosted", hostedEnv);
    }, 180_000);
    afterAll(async () => {
      await app?.stop();
    });

    it("signs up, predicts with an Upstash rate limit, runs a tool and lists runs, without files or processes", async () => {
      const health = await call(app.url, "/api/v1/health");
      expect(health.status).toBe(200);
      expect(health.body.dependencies).toMatchObject({
        database: { status: "ok" },
        redis: { status: "ok", backend: "upstash" },
        chroma: { status: "ok" },
      });

      const member = await signUpAt(app.url);
      const created = await call(app.url, "/api/v1/chatflows", {
        token: member.token,
        body: {
          name: "Hosted",
          flowData: conversationFlow(),
          isPublic: true,
          apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 2, limitDuration: 60 } }),
        },
      });
      expect(created.status).toBe(201);
      const chatflowId = created.body.id;
      for (const question of ["first", "second"]) {
        const answer = await call(app.url, `/api/v1/prediction/${chatflowId}`, { body: { question } });
        expect(answer.status).toBe(200);
        expect(answer.body.text).toBe(`Echo: ${question}`);
      }
      const limited = await call(app.url, `/api/v1/prediction/${chatflowId}`, {
        body: { question: "third" },
      });
      expect(limited.status).toBe(429);

      const tool = await call(app.url, "/api/v1/tools/run", {
        token: member.token,
        body: { func: "return `${$a * 2} via isolate`;", input: { a: 21 } },
      });
      expect(tool.status).toBe(200);
      expect(tool.body).toEqual({ output: "42 via isolate", durationMs: expect.any(Number) });

      // An agent with a saved tool, through the prediction path.
      const saved = await call(app.url, "/api/v1/tools", {
        token: member.token,
        body: { name: "double", description: "Doubles a number", func: "return String($n * 2);" },
      });
      const agent = await call(app.url, "/api/v1/chatflows", {
        token: member.token,
        body: {
          name: "Agent",
          isPublic: true,
          flowData: flowData([
            { id: "chatOpenAI_0", name: "chatOpenAI", inputs: { modelName: "mock-model", temperature: 0 } },
            { id: "customTool_0", name: "customTool", inputs: { selectedTool: saved.body.id } },
            {
              id: "toolAgent_0",
              name: "toolAgent",
              inputs: { model: "{{chatOpenAI_0.data.instance}}", tools: ["{{customTool_0.data.instance}}"] },
            },
          ]),
        },
      });
      const agentAnswer = await call(app.url, `/api/v1/prediction/${agent.body.id}`, {
        body: { question: '[[tool:double {"n":8}]]' },
      });
      expect(agentAnswer.body).toMatchObject({ text: "Tool said: 16" });

      const runs = await call(app.url, `/api/v1/chatflows/${chatflowId}/runs`, { token: member.token });
      expect(runs.status).toBe(200);
      expect(runs.headers.get("x-total-count")).toBe("2");

      const rows = await queryDatabase(database.url, `SELECT count(*)::int AS n FROM "User"`);
      expect(rows[0].n).toBe(1);
      expect(existsSync(app.dataDir)).toBe(false);
      expect(await listChildProcesses(app.child.pid!)).toEqual([]);
      // The check can see children: this test process has some (the apps, the emulator).
      expect((await listChildProcesses(process.pid)).length).toBeGreaterThan(0);
    });
  });

  it.each(["AUTH_SECRET", "ENCRYPTION_KEY", "CHROMA_URL", "DATABASE_URL"])(
    "refuses to start without %s, naming it",
    async (missing) => {
      const started = startOpsApp(`hosted-no-${missing.toLowerCase()}`, { ...hostedEnv, [missing]: "" });
      const failure = await started.then(
        async (app) => {
          await app.stop();
          return null;
        },
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/exited with code [1-9]/);
      const logFile = failure!.message.match(/see (.+\.log)$/)![1];
      const log = await readFile(logFile, "utf8");
      expect(log).toContain("Missing required environment variables in hosted mode");
      expect(log).toContain(missing);
    },
    120_000,
  );
});
