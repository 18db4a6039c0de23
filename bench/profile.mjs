// Where a request's time goes: starts the app under `node --cpu-prof` (fresh PostgreSQL database,
// the mock model server), drives one kind of request with autocannon, stops the app and sums the
// CPU profile's self time by package and by function (bundled code mapped back to its source).
//
//   node bench/profile.mjs [prediction|stream|ping|tools-list|upsert] [connections=16] [seconds=15]
//
// The .cpuprofile file is kept (path printed) for Chrome DevTools. Needs a build (`npx next build`).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import os from "node:os";
import path from "node:path";
import { freePort } from "../scripts/chroma-server.mjs";
import { conversationFlow, sentence, storeFlow } from "./lib/flows.mjs";
import { cannon } from "./lib/load.mjs";
import { createDatabase, root, startChromaServer, startMock } from "./lib/services.mjs";

const [target = "prediction", connections = "16", seconds = "15"] = process.argv.slice(2);
const profileDir = mkdtempSync(path.join(os.tmpdir(), "cfs-profile-"));
const database = await createDatabase(
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
);
const mock = await startMock();
const chroma = await startChromaServer(path.join(profileDir, "chroma"));
const port = await freePort();
const app = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "scripts/start.mjs"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATABASE_URL: database.url,
    DATA_DIR: path.join(profileDir, "data"),
    CHROMA_URL: chroma.url,
    OPENAI_BASE_URL: `${mock.url}/v1`,
    OPENAI_API_KEY: "bench",
    AUTH_SECRET: randomUUID() + randomUUID(),
    AUTH_RATE_LIMIT_PER_MIN: "100000",
    REDIS_URL: "",
    LOG_LEVEL: "error",
  },
  stdio: "ignore",
});
const url = `http://127.0.0.1:${port}`;
try {
  while (
    !(await fetch(`${url}/api/v1/ping`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (app.exitCode !== null) throw new Error(`app exited with ${app.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const post = async (pathname, body, token) => {
    const response = await fetch(`${url}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const email = `profile-${randomUUID()}@example.test`;
  await post("/api/v1/auth/signup", { email, password: "correct horse battery" });
  const { token } = await post("/api/v1/auth/token", { email, password: "correct horse battery" });
  const flow = await post(
    "/api/v1/chatflows",
    { name: "profile", flowData: conversationFlow(), isPublic: true },
    token,
  );
  const loads = {
    prediction: {
      url: `${url}/api/v1/prediction/${flow.id}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "How fast is this server?" }),
    },
    stream: {
      url: `${url}/api/v1/prediction/${flow.id}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "How fast is this server?", streaming: true }),
    },
    ping: { url: `${url}/api/v1/ping` },
    "tools-list": { url: `${url}/api/v1/tools`, headers: { authorization: `Bearer ${token}` } },
  };
  if (target === "upsert") {
    // Not a load: ten upserts of 2,000 chunks, one after another, each into a chatflow of its own.
    const started = performance.now();
    for (let round = 0; round < 10; round++) {
      const { id } = await post(
        "/api/v1/chatflows",
        { name: `profile store ${round}`, flowData: storeFlow() },
        token,
      );
      const documents = Array.from({ length: 2_000 }, (_, i) => ({
        pageContent: sentence(round * 2_000 + i),
        metadata: { i },
      }));
      const outcome = await post(`/api/v1/vector/internal-upsert/${id}`, { documents }, token);
      if (outcome.numAdded !== 2_000) throw new Error(JSON.stringify(outcome).slice(0, 300));
    }
    console.log(`upsert: ${Math.round(20_000 / ((performance.now() - started) / 1000))} chunks/s`);
  }
  const load = loads[target];
  if (!load && target !== "upsert")
    throw new Error(`unknown target ${target}: one of ${Object.keys(loads).join(", ")}`);
  if (load) {
    await cannon({ ...load, connections: 4, duration: 3 });
    const run = await cannon({ ...load, connections: Number(connections), duration: Number(seconds) });
    console.log(
      `${target}: ${run.rps} req/s, latency p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms (${connections} connections)`,
    );
  }
} finally {
  const exited = new Promise((resolve) => app.once("exit", resolve));
  app.kill("SIGINT");
  await exited;
  mock.stop();
  chroma.child.kill("SIGKILL");
  await database.drop();
}

const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + profile.timeDeltas[index]));
const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0);
const maps = new Map();

/** [package or source file, function] of a frame; bundled frames are mapped through their source map. */
function locate({ url: frameUrl, functionName, lineNumber, columnNumber }) {
  const name = functionName || "(anonymous)";
  if (!frameUrl) return ["(native)", name];
  if (frameUrl.startsWith("wasm://")) return ["wasm (Prisma's query compiler)", name];
  const file = frameUrl.replace("file://", "");
  if (file.includes("/.next/")) {
    if (!maps.has(file))
      maps.set(
        file,
        existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))) : null,
      );
    const source = maps.get(file)?.findEntry(lineNumber, columnNumber)?.originalSource;
    if (source) {
      const pkg = source.match(/node_modules\/((?:@|%40)[^/]+\/[^/]+|[^/]+)/)?.[1]?.replace("%40", "@");
      return [pkg ?? source.replace(/^.*?\[project\]\//, "").replace(/^(\.\.\/)+/, ""), name];
    }
  }
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  return [pkg ?? (file.startsWith("node:") ? file : `node:${path.basename(file)}`), name];
}

const byPackage = new Map();
const byFunction = new Map();
for (const [id, time] of selfTime) {
  const [where, name] = locate(nodes.get(id).callFrame);
  byPackage.set(where, (byPackage.get(where) ?? 0) + time);
  byFunction.set(`${where} ${name}`, (byFunction.get(`${where} ${name}`) ?? 0) + time);
}
const show = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .forEach(([key, time]) => console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`));
console.log(`\nSelf time by package or file (${Math.round(total / 1000)} ms profiled, start-up included):`);
show(byPackage, 25);
console.log("\nTop functions:");
show(byFunction, 25);
console.log(`\nProfile: ${path.join(profileDir, file)}`);
