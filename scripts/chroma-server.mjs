// Starts a local Chroma server from the npm package's CLI (the Rust server runs inside a node
// process). Used by `npm start` when CHROMA_URL is unset, and by the test harness.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";

const require = createRequire(import.meta.url);

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ dataPath: string, port?: number, stdio?: import("node:child_process").StdioOptions }} options
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess, ready: Promise<void> }>}
 */
export async function startChroma({ dataPath, port, stdio = "ignore" }) {
  const chosenPort = port ?? (await freePort());
  mkdirSync(dataPath, { recursive: true });
  // The package exports no subpath for its CLI: find it beside the resolved CommonJS entry (dist/cjs/).
  const cli = path.join(path.dirname(require.resolve("chromadb")), "..", "cli.mjs");
  const child = spawn(
    process.execPath,
    [cli, "run", "--path", dataPath, "--host", "127.0.0.1", "--port", String(chosenPort)],
    { stdio, env: { ...process.env, ANONYMIZED_TELEMETRY: "False" } },
  );
  const url = `http://127.0.0.1:${chosenPort}`;
  const ready = waitForHeartbeat(url, child);
  return { url, child, ready };
}

async function waitForHeartbeat(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chroma exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v2/heartbeat`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Chroma did not answer on ${url} within ${timeoutMs} ms`);
}
