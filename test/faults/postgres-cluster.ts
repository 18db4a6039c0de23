import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../support/processes";

// A private PostgreSQL cluster in a temporary directory, for tests that stop and restart the server.
// Never the shared server on 5432: stopping that would break every other test and session.
// initdb refuses to run as root, so as root the commands run as the `postgres` user (via su).

const run = promisify(execFile);

/** The directory of initdb/pg_ctl, or undefined when PostgreSQL's server binaries are not installed. */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

const isRoot = () => process.getuid?.() === 0;

async function runAsPostgres(bin: string, command: string, args: string[]) {
  const program = path.join(bin, command);
  if (!isRoot()) return run(program, args, { timeout: 120_000 });
  const quoted = [program, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(" ");
  return run("su", ["postgres", "-c", quoted], { timeout: 120_000 });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
  const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
  return { uid, gid };
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: open connections are terminated (57P01), new ones refused. */
  stop(): Promise<void>;
  /** Stops the server and deletes its directory. */
  destroy(): Promise<void>;
}

export async function createPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), "cfs-pg-"));
  const data = path.join(dir, "data");
  await mkdir(data);
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
    await chown(data, uid, gid);
  }
  await runAsPostgres(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;

  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await runAsPostgres(bin, "pg_ctl", [
        "-D",
        data,
        "-o",
        options,
        "-l",
        path.join(dir, "log"),
        "-w",
        "start",
      ]);
      running = true;
    },
    async stop() {
      await runAsPostgres(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
