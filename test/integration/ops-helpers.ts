import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createTestDatabase } from "../support/database.mjs";
import { startApp, waitFor, type AppProcess } from "../support/processes";

// App instances of the operations tests (logs, hosted mode, scale-out): each with its own
// configuration, log file and, where asked, its own fresh PostgreSQL database.

export interface OpsApp extends AppProcess {
  /** DATA_DIR of the instance: a new temporary path (not created beforehand). */
  dataDir: string;
}

export const testAuthSecret = () => randomBytes(32).toString("base64url");
export const testEncryptionKey = () => randomBytes(32).toString("hex");

/** The harness's settings (mock model, Chroma, no Redis) with `env` on top; DATA_DIR is new and unmade. */
export async function startOpsApp(name: string, env: Record<string, string>): Promise<OpsApp> {
  const dataDir = path.join(await mkdtemp(path.join(tmpdir(), `cfs-${name}-`)), "data");
  const app = await startApp(
    {
      DATABASE_URL: inject("databaseUrl"),
      DATA_DIR: dataDir,
      AUTH_SECRET: inject("authSecret"),
      ENCRYPTION_KEY: "",
      OPENAI_BASE_URL: `${inject("mockUrl")}/v1`,
      OPENAI_API_KEY: "test-openai-key",
      CHROMA_URL: inject("chromaUrl"),
      LOG_LEVEL: "info",
      LOG_CONTENT: "",
      AUTH_RATE_LIMIT_PER_MIN: "1000",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      UPSTASH_REDIS_REST_TOKEN: "",
      VERCEL: "",
      ...env,
    },
    name,
  );
  return {
    ...app,
    dataDir,
    stop: async () => {
      await app.stop();
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database on the harness's server. */
export const createFreshDatabase = () => createTestDatabase(inject("databaseUrl"));

/** The log lines of an app, parsed (lines that are not JSON, such as Next's banner, are skipped). */
export async function readLogLines(app: { logFile: string }): Promise<Array<Record<string, any>>> {
  const text = await readFile(app.logFile, "utf8");
  return text.split("\n").flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === "object" ? [parsed as Record<string, any>] : [];
    } catch {
      return [];
    }
  });
}

/** Waits for a log line matching `match` (logs are written asynchronously after the response). */
export async function waitForLogLine(
  app: { logFile: string },
  match: (line: Record<string, any>) => boolean,
) {
  let found: Record<string, any> | undefined;
  await waitFor(
    async () => {
      found = (await readLogLines(app)).find(match);
      return Boolean(found);
    },
    `a log line in ${app.logFile}`,
    10_000,
  );
  return found as Record<string, any>;
}

export interface AppMember {
  email: string;
  password: string;
  userId: string;
  workspaceId: string;
  token: string;
}

/** JSON call to an app at `url` (not necessarily the harness app). */
export async function call(
  url: string,
  pathname: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${url}${pathname}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = response.headers.get("content-type")?.includes("application/json") ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body };
}

/** Signs up through the app at `url` and logs in for a JWT. */
export async function signUpAt(url: string): Promise<AppMember> {
  const email = `ops-${randomUUID()}@example.test`;
  const password = "correct horse battery";
  const signup = await call(url, "/api/v1/auth/signup", { body: { email, password, name: "Ops" } });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await call(url, "/api/v1/auth/token", { body: { email, password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    email,
    password,
    userId: signup.body.id,
    workspaceId: signup.body.workspaceId,
    token: login.body.token,
  };
}

/** One query against a database (for assertions on stored rows). */
export async function queryDatabase<Row = Record<string, any>>(
  url: string,
  sql: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Child processes of `pid` (from /proc: Linux only). */
export async function listChildProcesses(pid: number): Promise<Array<{ pid: number; command: string }>> {
  const children: Array<{ pid: number; command: string }> = [];
  const taskDir = `/proc/${pid}/task`;
  if (!existsSync(taskDir)) return children;
  for (const task of await readdir(taskDir)) {
    const listed = await readFile(`${taskDir}/${task}/children`, "utf8").catch(() => "");
    for (const child of listed.split(" ").filter(Boolean).map(Number)) {
      const command = (await readFile(`/proc/${child}/cmdline`, "utf8").catch(() => ""))
        .replaceAll("\0", " ")
        .trim();
      children.push({ pid: child, command });
    }
  }
  return children;
}
