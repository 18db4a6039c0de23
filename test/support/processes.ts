import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

export interface AppProcess {
  url: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts the production build (`scripts/start.mjs`) on a free port and waits until it answers. */
export async function startApp(env: Record<string, string | undefined>, name = "app"): Promise<AppProcess> {
  const port = await freePort();
  const logDir = path.resolve("test-results");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}-${port}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`${name} exited with code ${code}; see ${logFile}`))),
  );
  await Promise.race([
    waitFor(async () => (await fetch(`${url}/api/v1/ping`)).ok, `${name} on ${url}`, 120_000),
    exited,
  ]);
  exited.catch(() => {});
  return {
    url,
    child,
    logFile,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process killed by a signal has a signalCode and no exitCode.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
