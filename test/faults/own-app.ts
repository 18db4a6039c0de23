import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { startApp, type AppProcess } from "../support/processes";

// An app of a fault test's own (its own process, data directory and dependencies), so that the test
// can stop PostgreSQL, Chroma or Redis under it without disturbing the harness app of other files.

export interface OwnApp {
  url: string;
  process: AppProcess;
  stop(): Promise<void>;
}

export async function startOwnApp(name: string, env: Record<string, string>): Promise<OwnApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `cfs-${name}-`));
  const app = await startApp(
    {
      DATABASE_URL: inject("databaseUrl"),
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      ENCRYPTION_KEY: "",
      OPENAI_BASE_URL: `${inject("mockUrl")}/v1`,
      OPENAI_API_KEY: "test-openai-key",
      CHROMA_URL: inject("chromaUrl"),
      AUTH_RATE_LIMIT_PER_MIN: "1000",
      LOG_LEVEL: "error",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      UPSTASH_REDIS_REST_TOKEN: "",
      ...env,
    },
    name,
  );
  return {
    url: app.url,
    process: app,
    stop: async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

/** One JSON call to `base`; the body is parsed when the answer is JSON. */
export async function call(
  base: string,
  pathname: string,
  options: { method?: string; body?: unknown; token?: string; signal?: AbortSignal } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${pathname}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal ?? AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
}

/** Signs up a new user on `base` and returns a member JWT. */
export async function signUp(base: string): Promise<string> {
  const email = `fault-${randomUUID()}@example.test`;
  const password = "correct horse battery";
  const signup = await call(base, "/api/v1/auth/signup", { body: { email, password } });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await call(base, "/api/v1/auth/token", { body: { email, password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.token as string;
}

/** Creates a chatflow on `base` and returns its id. */
export async function createFlow(
  base: string,
  token: string,
  flowData: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(base, "/api/v1/chatflows", {
    token,
    body: { name: "fault test", flowData, isPublic: true, ...extra },
  });
  if (created.status !== 201)
    throw new Error(`create chatflow: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}
