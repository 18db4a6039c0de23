// The processes a benchmark run needs: a fresh PostgreSQL database, the mock model server, Chroma,
// and the app itself (`scripts/start.mjs`, as `npm start` runs it), with their memory readings.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import path from "node:path";
import { freePort, startChroma } from "../../scripts/chroma-server.mjs";
import { createTestDatabase } from "../../test/support/database.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** A new database on the server of `serverUrl`, dropped by `drop()`. */
export const createDatabase = (serverUrl) => createTestDatabase(serverUrl, "cfs_bench");

/** The mock model server in a child process; `timings()` reads what it answered and how fast. */
export async function startMock() {
  const child = spawn(process.execPath, [path.join(root, "bench/mock-server.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`mock server exited with ${code}`)));
  });
  const { url } = JSON.parse(line);
  return {
    url,
    child,
    /** @returns {Promise<Array<{ path: string, model?: string, durationMs?: number, firstTokenMs?: number, firstTokenAt?: number, aborted: boolean }>>} */
    timings: async () => (await fetch(`${url}/__mock/timings`)).json(),
    reset: async () => {
      await fetch(`${url}/__mock/requests`, { method: "DELETE" });
    },
    stop: () => child.kill("SIGTERM"),
  };
}

export async function startChromaServer(dataPath) {
  const chroma = await startChroma({ dataPath });
  await chroma.ready;
  return chroma;
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/**
 * The Node flags of `npm start` (package.json's start script, `node <flags> scripts/start.mjs`),
 * plus BENCH_NODE_FLAGS: the benchmark starts the app exactly as `npm start` would.
 */
export function startFlags() {
  const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts?.start ?? "";
  const fromScript = script.match(/^node\s+(.*?)\s*scripts\/start\.mjs/)?.[1] ?? "";
  return [...fromScript.split(/\s+/), ...(process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/)].filter(Boolean);
}

/**
 * `node scripts/start.mjs` (what `npm start` runs) on a free port; resolves once /api/v1/ping
 * answers, with the milliseconds that took (it builds first when there is no build).
 */
export async function startApp(env, { logFile } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags(), "scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", logFile ? "pipe" : "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  if (logFile) child.stdout.pipe(logFile);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/api/v1/ping`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (performance.now() - started > 600_000) throw new Error("app did not start within 10 minutes");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startMs = Math.round(performance.now() - started);
  return {
    url,
    child,
    startMs,
    rss: () => rssMb(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}
