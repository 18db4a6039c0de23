// Benchmark of POST /api/v1/prediction/{id} (not a test): what the server adds to a prediction on top
// of the model's own time, against the test suite's mock OpenAI server answering with zero delay.
//
//   npx next build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/prediction.mjs
//
// Measures, for a conversation chain with buffer memory (a new session per request):
// - latency p50/p99 and requests per second at concurrency 1 and 16 (autocannon), the same for the
//   mock called directly with the request the app sends, and the difference (the server's overhead);
// - time to the first streamed token byte, app and mock directly (sequential requests);
// - the app's resident memory before, at the peak of and after the load.
// Writes bench/results/prediction-<timestamp>.json and prints a summary.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createTestDatabase } from "../test/support/database.mjs";
import { startMockOpenAI } from "../test/support/mock-openai.mjs";

const root = path.resolve(import.meta.dirname, "..");
const durationS = Number(process.env.BENCH_SECONDS ?? 10);
const streamSamples = Number(process.env.BENCH_STREAM_SAMPLES ?? 200);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error("Set DATABASE_URL to a PostgreSQL server (a fresh database is created on it)");

const scratch = mkdtempSync(path.join(tmpdir(), "cfs-bench-"));

/** The test suite's mock model server (plain JavaScript, shared with the tests). */
async function startMock() {
  return startMockOpenAI();
}

const createDatabase = () => createTestDatabase(serverUrl, "cfs_bench");

async function startApp(env) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/v1/ping`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("app did not start");
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024);
}

async function json(url, body, token) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

const conversationFlow = JSON.stringify({
  nodes: [
    {
      id: "chatOpenAI_0",
      data: { id: "chatOpenAI_0", name: "chatOpenAI", inputs: { modelName: "mock-model", temperature: 0.9 } },
    },
    {
      id: "bufferMemory_0",
      data: { id: "bufferMemory_0", name: "bufferMemory", inputs: { memoryKey: "chat_history" } },
    },
    {
      id: "conversationChain_0",
      data: {
        id: "conversationChain_0",
        name: "conversationChain",
        inputs: { model: "{{chatOpenAI_0.data.instance}}", memory: "{{bufferMemory_0.data.instance}}" },
      },
    },
  ],
  edges: [
    { id: "e1", source: "chatOpenAI_0", target: "conversationChain_0" },
    { id: "e2", source: "bufferMemory_0", target: "conversationChain_0" },
  ],
});

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: durationS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const pick = (result) => ({
  p50: result.latency.p50,
  p99: result.latency.p99,
  mean: Math.round(result.latency.average * 100) / 100,
  rps: Math.round(result.requests.average),
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
});

/** Milliseconds from sending to the first byte that carries `marker`, over `count` sequential requests. */
async function timeToFirstToken(url, body, marker, count) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let at;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (at === undefined && text.includes(marker)) at = performance.now() - started;
    }
    samples.push(at);
  }
  samples.sort((a, b) => a - b);
  const quantile = (q) =>
    Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] * 100) / 100;
  return { p50: quantile(0.5), p99: quantile(0.99) };
}

const mock = await startMock();
const database = await createDatabase();
const app = await startApp({
  DATABASE_URL: database.url,
  DATA_DIR: path.join(scratch, "data"),
  OPENAI_BASE_URL: `${mock.url}/v1`,
  OPENAI_API_KEY: "bench",
  CHROMA_URL: "http://127.0.0.1:9",
  LOG_LEVEL: "error",
  AUTH_RATE_LIMIT_PER_MIN: "1000",
  REDIS_URL: "",
  UPSTASH_REDIS_REST_URL: "",
});

try {
  const email = `bench-${Date.now()}@example.test`;
  await json(`${app.url}/api/v1/auth/signup`, { email, password: "correct horse battery" });
  const { token } = await json(`${app.url}/api/v1/auth/token`, { email, password: "correct horse battery" });
  const chatflow = await json(
    `${app.url}/api/v1/chatflows`,
    { name: "bench", flowData: conversationFlow, isPublic: true },
    token,
  );
  const predictionUrl = `${app.url}/api/v1/prediction/${chatflow.id}`;
  const predictionBody = JSON.stringify({ question: "How fast is this server?" });

  // Warm up (first compile, connections, JIT), then take the model request the app really sends.
  await cannon({
    url: predictionUrl,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: predictionBody,
    duration: 3,
    connections: 4,
  });
  const sent = mock.requests.at(-1);
  const modelUrl = `${mock.url}${sent.path}`;
  const modelBody = JSON.stringify({ ...sent.body, stream: false });
  mock.requests.length = 0;

  const results = {
    date: new Date().toISOString(),
    durationS,
    node: process.version,
    cpus: (await import("node:os")).cpus().length,
  };

  // Where the time goes, at concurrency 1: routing alone (ping, and a malformed id: 404 without a
  // query), the chatflow query (an unknown id: 404; a missing question: 400 after loading), the run.
  const post = (url, body) => ({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: 1,
  });
  results.breakdownConcurrency1 = {
    ping: pick(await cannon({ url: `${app.url}/api/v1/ping`, connections: 1 })),
    malformedId404: pick(await cannon(post(`${app.url}/api/v1/prediction/not-a-uuid`, predictionBody))),
    unknownChatflow404: pick(
      await cannon(post(`${app.url}/api/v1/prediction/3f1c7a52-58d4-4f0e-9b1e-1f1f1f1f1f1f`, predictionBody)),
    ),
    missingQuestion400: pick(await cannon(post(predictionUrl, "{}"))),
  };
  results.memoryMb = { idleAfterWarmUp: rssMb(app.child.pid) };
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.child.pid))), 200);

  for (const connections of [1, 16]) {
    const model = pick(
      await cannon({
        url: modelUrl,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: modelBody,
        connections,
      }),
    );
    mock.requests.length = 0;
    const prediction = pick(
      await cannon({
        url: predictionUrl,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: predictionBody,
        connections,
      }),
    );
    mock.requests.length = 0;
    results[`concurrency${connections}`] = {
      model,
      prediction,
      overheadMs: { p50: prediction.p50 - model.p50, p99: prediction.p99 - model.p99 },
    };
  }
  clearInterval(sampler);
  results.memoryMb.peakUnderLoad = peak;

  const streamModel = await timeToFirstToken(
    modelUrl,
    { ...sent.body, stream: true },
    '"content":"Echo:"',
    streamSamples,
  );
  const streamApp = await timeToFirstToken(
    predictionUrl,
    { question: "How fast is this server?", streaming: true },
    '"data":"Echo:"',
    streamSamples,
  );
  mock.requests.length = 0;
  results.firstTokenMs = {
    model: streamModel,
    prediction: streamApp,
    overhead: {
      p50: Math.round((streamApp.p50 - streamModel.p50) * 100) / 100,
      p99: Math.round((streamApp.p99 - streamModel.p99) * 100) / 100,
    },
  };
  results.memoryMb.afterLoad = rssMb(app.child.pid);

  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const out = path.join(root, `bench/results/prediction-${results.date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
  console.log(JSON.stringify(results, null, 2));
  console.log(`written to ${path.relative(root, out)}`);
} finally {
  app.child.kill("SIGTERM");
  await mock.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop();
  rmSync(scratch, { recursive: true, force: true });
}
