import { spawn } from "node:child_process";
import { freePort, waitFor } from "./processes";
import { createConnection } from "node:net";

/** A private redis-server on a free port (or `port`, to restart one where it was), for tests that stop it. */
export async function startRedis(options: { port?: number } = {}) {
  const port = options.port ?? (await freePort());
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await waitFor(() => canConnect(port), `redis on ${port}`, 10_000);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process killed by a signal has a signalCode and no exitCode.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
