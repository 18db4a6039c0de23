// The benchmark suite (`npm run bench` = `node bench/run.mjs`; not part of `npm test`).
//
// Starts what production runs: the build (`scripts/start.mjs`, as `npm start` does) on a fresh
// PostgreSQL database, the Redis rate limiter, a Chroma server, and the mock OpenAI-compatible model
// server (test/support/mock-openai.mjs, in its own process) first answering at once, then at 20 ms
// per token. Drives load with autocannon and prints a table; writes bench/results/latest.json and
// docs/benchmarks.md with its chart (docs/benchmarks.svg).
//
//   node bench/run.mjs              the whole run (rebuilds first, to time the first start)
//   node bench/run.mjs --no-build   keeps the existing build (first start not measured)
//   node bench/run.mjs --quick      2-second load phases and small samples, to try the script
//
// Settings: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, where a new
// database is created and dropped), BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_SECONDS
// (length of each load phase, default 10), BENCH_NODE_FLAGS (Node flags added to those of package.json's
// start script).
import { randomUUID } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { ChromaClient } from "chromadb";
import pg from "pg";
import { embedText } from "../test/support/mock-openai.mjs";
import { conversationFlow, retrievalFlow, sentence, storeFlow } from "./lib/flows.mjs";
import { cannon, round, sampleRss, summarize, timeSequential } from "./lib/load.mjs";
import { printTable, writeDocs } from "./lib/report.mjs";
import { createDatabase, root, startApp, startChromaServer, startFlags, startMock } from "./lib/services.mjs";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const withBuild = !args.has("--no-build");
const SECONDS = quick ? 2 : Number(process.env.BENCH_SECONDS ?? 10);
const SHORT = quick ? 2 : Math.max(3, Math.round(SECONDS / 2));
const SAMPLES = quick ? 30 : 200;
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

const benchStarted = performance.now();
const log = (message) =>
  process.stderr.write(
    `[bench ${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
  );
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const results = {
  date: new Date().toISOString(),
  command: `node bench/run.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(" ")}` : ""}`,
  settings: {
    loadSeconds: SECONDS,
    shortSeconds: SHORT,
    samples: SAMPLES,
    quick,
    withBuild,
    startCommand: ["node", ...startFlags(), "scripts/start.mjs"].join(" "),
  },
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    totalMemGb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
  },
};

const scratch = mkdtempSync(path.join(os.tmpdir(), "cfs-bench-"));
mkdirSync(path.join(root, "bench/results"), { recursive: true });
const appLog = createWriteStream(path.join(root, "bench/results/app.log"));
const cleanups = [];

async function main() {
  log(`scratch ${scratch}; load phases of ${SECONDS} s`);
  const database = await createDatabase(serverUrl);
  cleanups.push(() => database.drop());
  const mock = await startMock();
  cleanups.push(() => mock.stop());
  // The model calls of one phase: requests still in flight from the previous phase (autocannon
  // stops the clock, not the server's work) drain first, and only this phase's model counts.
  const startModelPhase = async () => {
    await sleep(1_000);
    await mock.reset();
  };
  const modelCalls = async (model) =>
    (await mock.timings()).filter((t) => t.path.endsWith("/chat/completions") && t.model === model);
  const chroma = await startChromaServer(path.join(scratch, "chroma"));
  cleanups.push(() => chroma.child.kill("SIGKILL"));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(scratch, "data"),
    REDIS_URL: redisUrl,
    UPSTASH_REDIS_REST_URL: "",
    CHROMA_URL: chroma.url,
    OPENAI_BASE_URL: `${mock.url}/v1`,
    OPENAI_API_KEY: "bench",
    AUTH_SECRET: randomUUID() + randomUUID(),
    ENCRYPTION_KEY: "",
    AUTH_RATE_LIMIT_PER_MIN: "100000",
    LOG_LEVEL: "error",
  };

  // ---- Cold starts (and the first tool call of each: the sandbox process starts on demand) ----
  results.coldStart = { laterStartsMs: [], firstToolCallMs: [] };
  let token;
  let app;
  const email = `bench-${randomUUID()}@example.test`;
  const password = "correct horse battery";
  const startings = withBuild ? ["with build", "later", "later"] : ["later", "later"];
  if (withBuild) {
    log("removing .next: the first start builds (a minute or more)");
    rmSync(path.join(root, ".next"), { recursive: true, force: true });
  } else if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    log("no build yet: the first start builds");
    startings[0] = "with build";
  }
  for (const [index, kind] of startings.entries()) {
    app = await startApp(env, { logFile: appLog });
    log(`start ${index + 1} (${kind}): ${app.startMs} ms`);
    if (kind === "with build") results.coldStart.withBuildMs = app.startMs;
    else results.coldStart.laterStartsMs.push(app.startMs);
    if (!token) {
      await api(app, "POST", "/api/v1/auth/signup", { body: { email, password } });
      token = (await api(app, "POST", "/api/v1/auth/token", { body: { email, password } })).token;
    }
    const toolStarted = performance.now();
    const tool = await api(app, "POST", "/api/v1/tools/run", { token, body: { func: "return 1 + 1" } });
    if (tool.output !== "2") throw new Error(`first tool call: ${JSON.stringify(tool)}`);
    results.coldStart.firstToolCallMs.push(round(performance.now() - toolStarted));
    if (index < startings.length - 1) await app.stop();
  }
  cleanups.push(() => app.stop());
  results.coldStart.laterStartMs = Math.min(...results.coldStart.laterStartsMs);

  // ---- Data ----
  const key = await api(app, "POST", "/api/v1/apikey", { token, body: { keyName: "bench" } });
  const flows = {
    anonymous: await createFlow(app, token, { flowData: conversationFlow(), isPublic: true }),
    apiKey: await createFlow(app, token, { flowData: conversationFlow(), isPublic: false, apikeyid: key.id }),
    delayed: await createFlow(app, token, { flowData: conversationFlow("mock-delay-20"), isPublic: true }),
    holding: await createFlow(app, token, { flowData: conversationFlow("mock-delay-2000"), isPublic: true }),
    history: await createFlow(app, token, { flowData: conversationFlow(), isPublic: true }),
    upsert1k: await createFlow(app, token, { flowData: storeFlow() }),
    retrieval: await createFlow(app, token, { flowData: retrievalFlow(), isPublic: true }),
  };
  const predictionUrl = (id) => `${app.url}/api/v1/prediction/${id}`;
  const question = "How fast is this server?";
  const predictionLoad = (id, headers = {}) => ({
    url: predictionUrl(id),
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ question }),
  });
  const keyHeader = { authorization: `Bearer ${key.apiKey}` };

  // ---- Warm-up, then memory at rest ----
  log("warm-up");
  await cannon({ ...predictionLoad(flows.anonymous), connections: 4, duration: quick ? 1 : 3 });
  await cannon({ ...predictionLoad(flows.apiKey, keyHeader), connections: 4, duration: 1 });
  await cannon({ url: `${app.url}/api/v1/ping`, connections: 4, duration: 1 });
  // Idle: the lowest reading over 3 s, after 10 s without requests (V8 shrinks its heap when idle).
  await sleep(10_000);
  results.memory = { idleMb: await lowestRss(app, 3_000) };
  const underLoad = sampleRss(() => app.rss());

  // ---- Framework ceiling ----
  log("ping");
  underLoad.phase("ping");
  results.ping = {
    c1: await cannon({ url: `${app.url}/api/v1/ping`, connections: 1, duration: SECONDS }),
    c16: await cannon({ url: `${app.url}/api/v1/ping`, connections: 16, duration: SECONDS }),
  };

  // ---- Predictions, not streamed: throughput and overhead over the model's own time ----
  async function predictionRun(id, model, connections, headers) {
    await startModelPhase();
    const run = await cannon({ ...predictionLoad(id, headers), connections, duration: SECONDS });
    const modelTime = summarize((await modelCalls(model)).map((t) => t.durationMs));
    return {
      ...run,
      model: modelTime,
      overhead: { p50: round(run.latency.p50 - modelTime.p50), p99: round(run.latency.p99 - modelTime.p99) },
    };
  }
  results.prediction = { zeroDelay: {}, delay20: {} };
  underLoad.phase("predictions");
  for (const connections of [1, 16, 64]) {
    log(`prediction, model at once, ${connections} connections`);
    results.prediction.zeroDelay[`c${connections}`] = await predictionRun(
      flows.anonymous,
      "mock-model",
      connections,
    );
  }
  // API key against anonymous: alternating runs (A B A B), so that the machine's drifting load
  // weighs on both alike.
  log("prediction with an API key against anonymous, 16 connections, alternating");
  const alternating = { apiKey: [], anonymous: [] };
  for (let round = 0; round < 2; round++) {
    for (const [kind, id, headers] of [
      ["anonymous", flows.anonymous, {}],
      ["apiKey", flows.apiKey, keyHeader],
    ]) {
      await sleep(1_000);
      alternating[kind].push(
        await cannon({ ...predictionLoad(id, headers), connections: 16, duration: SHORT }),
      );
    }
  }
  const combine = (runs) => ({
    rps: round(runs.reduce((sum, run) => sum + run.rps, 0) / runs.length, 1),
    rounds: runs.map((run) => run.rps),
    latency: summarize([]),
    statuses: runs.reduce((all, run) => {
      for (const [status, count] of Object.entries(run.statuses)) all[status] = (all[status] ?? 0) + count;
      return all;
    }, {}),
  });
  results.prediction.apiKeyC16 = combine(alternating.apiKey);
  results.prediction.anonymousC16 = combine(alternating.anonymous);
  for (const connections of [1, 16, 64]) {
    log(`prediction, model at 20 ms per token, ${connections} connections`);
    results.prediction.delay20[`c${connections}`] = await predictionRun(
      flows.delayed,
      "mock-delay-20",
      connections,
    );
  }

  // ---- Streaming: first token beyond the model's first token ----
  async function firstTokens(id, modelName, count) {
    await startModelPhase();
    const arrivals = [];
    const totals = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const response = await fetch(predictionUrl(id), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question, streaming: true }),
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = "";
      let arrivedAt;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (arrivedAt === undefined && text.includes('"data":"Echo:"')) {
          arrivedAt = performance.timeOrigin + performance.now();
          totals.push(performance.now() - started);
        }
      }
      arrivals.push(arrivedAt);
    }
    const model = await modelCalls(modelName);
    if (model.length !== count) throw new Error(`${model.length} model calls for ${count} streams`);
    return {
      n: count,
      beyondModel: summarize(arrivals.map((at, i) => at - model[i].firstTokenAt)),
      firstToken: summarize(totals),
      modelFirstToken: summarize(model.map((t) => t.firstTokenMs)),
    };
  }
  underLoad.phase("streaming");
  log("streaming first token, model at once");
  results.streaming = { zeroDelay: await firstTokens(flows.anonymous, "mock-model", SAMPLES) };
  log("streaming first token, model at 20 ms per token");
  results.streaming.delay20 = await firstTokens(flows.delayed, "mock-delay-20", Math.round(SAMPLES / 2));

  log(`${quick ? 100 : 1000} concurrent open streams`);
  underLoad.pause(); // the streams' own peak is reported with them
  results.streaming.openStreams = await holdStreams(app, flows.holding, quick ? 100 : 1000);
  underLoad.resume();

  // ---- CRUD with 1,000 rows per workspace ----
  log("CRUD: 1,000 tools and 1,000 chatflows in the workspace");
  const db = new pg.Client({ connectionString: database.url });
  db.on("error", () => {}); // the database is dropped (connections terminated) at the end
  await db.connect();
  cleanups.push(() => db.end());
  const { workspaceId } = await api(app, "GET", `/api/v1/chatflows/${flows.anonymous}`, { token });
  await db.query(
    `INSERT INTO "Tool" (id, "workspaceId", name, description, color, schema, func, "createdDate", "updatedDate")
     SELECT gen_random_uuid(), $1, 'tool_' || g, 'Bench tool ' || g, '#4f46e5', '{"type":"object","properties":{}}',
            'return ' || g, now() - g * interval '1 second', now() - g * interval '1 second'
     FROM generate_series(1, 1000) g`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO "ChatFlow" (id, "workspaceId", name, "flowData", "createdDate", "updatedDate")
     SELECT gen_random_uuid(), $1, 'flow ' || g, $2, now() - g * interval '1 second', now() - g * interval '1 second'
     FROM generate_series(1, 1000) g`,
    [workspaceId, conversationFlow()],
  );
  await db.query(`ANALYZE "Tool"; ANALYZE "ChatFlow"`);
  const someTool = (await db.query(`SELECT id FROM "Tool" WHERE "workspaceId" = $1 LIMIT 1`, [workspaceId]))
    .rows[0].id;
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, "content-type": "application/json" };
  const toolBody = JSON.stringify({
    name: "bench_tool",
    description: "Created under load",
    func: "return 1",
  });
  const chatflowBody = JSON.stringify({ name: "bench flow", flowData: conversationFlow() });
  const crud = {
    "tools list": { url: `${app.url}/api/v1/tools`, headers: auth },
    "tools get": { url: `${app.url}/api/v1/tools/${someTool}`, headers: auth },
    "tools create": { url: `${app.url}/api/v1/tools`, method: "POST", headers: json, body: toolBody },
    "chatflows list": { url: `${app.url}/api/v1/chatflows`, headers: auth },
    "chatflows get": { url: `${app.url}/api/v1/chatflows/${flows.anonymous}`, headers: auth },
    "chatflows create": {
      url: `${app.url}/api/v1/chatflows`,
      method: "POST",
      headers: json,
      body: chatflowBody,
    },
  };
  results.crud = {};
  underLoad.phase("crud");
  for (const [name, options] of Object.entries(crud)) {
    log(`CRUD ${name}`);
    results.crud[name] = await cannon({ ...options, connections: 16, duration: SHORT });
  }

  // ---- Upsert and retrieval ----
  const documents = (count, offset = 0) =>
    Array.from({ length: count }, (_, i) => ({
      pageContent: sentence(offset + i),
      metadata: { index: offset + i },
    }));
  async function timedUpsert(id, docs) {
    const started = performance.now();
    const outcome = await api(app, "POST", `/api/v1/vector/internal-upsert/${id}`, {
      token,
      body: { documents: docs },
    });
    const seconds = (performance.now() - started) / 1000;
    if (outcome.numAdded !== docs.length)
      throw new Error(`upsert added ${outcome.numAdded} of ${docs.length}`);
    return {
      chunks: docs.length,
      seconds: round(seconds),
      chunksPerSecond: Math.round(docs.length / seconds),
    };
  }
  results.upsert = {};
  underLoad.phase("upsert and retrieval");
  log("upsert 1,000 chunks");
  results.upsert.chunks1k = await timedUpsert(flows.upsert1k, documents(1_000));
  log("upsert 10,000 chunks");
  results.upsert.chunks10k = await timedUpsert(flows.retrieval, documents(quick ? 2_000 : 10_000));

  const chromaUrl = new URL(chroma.url);
  const client = new ChromaClient({ host: chromaUrl.hostname, port: Number(chromaUrl.port) });
  const collection = await client.getCollection({ name: `cfs_${flows.retrieval}` });
  async function retrieval(label) {
    const count = await collection.count();
    log(`retrieval at ${count} vectors`);
    const direct = await timeSequential(quick ? 50 : 300, (i) =>
      collection.query({ queryEmbeddings: [embedText(sentence((i * 7919) % count))], nResults: 4 }),
    );
    // The same with the chat-upload scope as a Chroma metadata filter, as the app queried before
    // (lib/nodes/vector-stores/build-store.ts now filters that scope itself).
    const scoped = await timeSequential(quick ? 20 : 50, (i) =>
      collection.query({
        queryEmbeddings: [embedText(sentence((i * 7919) % count))],
        nResults: 4,
        where: { $or: [{ chatId: "bench" }, { chatUpload: { $ne: true } }] },
      }),
    );
    await startModelPhase();
    const predictions = await timeSequential(quick ? 20 : 100, (i) =>
      api(app, "POST", `/api/v1/prediction/${flows.retrieval}`, {
        body: { question: sentence((i * 104729) % count) },
      }),
    );
    const model = (await modelCalls("mock-model")).map((t) => t.durationMs);
    results.retrieval ??= {};
    results.retrieval[label] = {
      vectors: count,
      chromaQuery: summarize(direct),
      chromaQueryWithMetadataFilter: summarize(scoped),
      prediction: summarize(predictions),
      modelInPrediction: summarize(model),
    };
  }
  await retrieval("at10k");
  const target = quick ? 20_000 : 100_000;
  log(`loading Chroma to ${target} vectors directly`);
  const loadStarted = performance.now();
  const loadFrom = await collection.count();
  for (let start = loadFrom; start < target; start += 5_000) {
    const batch = Array.from({ length: Math.min(5_000, target - start) }, (_, i) => start + i);
    await collection.add({
      ids: batch.map((i) => `bench-extra-${i}`),
      embeddings: batch.map((i) => embedText(sentence(i))),
      documents: batch.map((i) => sentence(i)),
      metadatas: batch.map((i) => ({ index: i })),
    });
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  results.upsert.chromaDirect = {
    vectors: target - loadFrom,
    seconds: round(loadSeconds),
    vectorsPerSecond: Math.round((target - loadFrom) / loadSeconds),
  };
  await retrieval("at100k");

  // ---- Sandbox, warm ----
  underLoad.phase("sandbox");
  log("sandbox tool calls, warm");
  const toolRun = JSON.stringify({ func: "return $a + $b", input: { a: 1, b: 2 } });
  const warm = await timeSequential(quick ? 50 : 300, () =>
    api(app, "POST", "/api/v1/tools/run", { token, body: JSON.parse(toolRun) }),
  );
  results.sandbox = {
    cold: summarize(results.coldStart.firstToolCallMs),
    warm: summarize(warm),
    warmC8: await cannon({
      url: `${app.url}/api/v1/tools/run`,
      method: "POST",
      headers: json,
      body: toolRun,
      connections: 8,
      duration: SHORT,
    }),
  };

  // ---- Latency as a session's stored history grows ----
  results.history = {};
  underLoad.phase("history");
  const session = `history-${randomUUID()}`;
  let stored = 0;
  for (const size of quick ? [0, 1_000, 10_000] : [0, 1_000, 10_000, 100_000]) {
    if (size > stored) {
      await db.query(
        `INSERT INTO "ChatMessage" (id, "workspaceId", "chatflowId", "chatId", "sessionId", role, content, "createdDate")
         SELECT gen_random_uuid(), $1, $2, $3, $3, CASE WHEN g % 2 = 0 THEN 'assistant' ELSE 'user' END,
                'Stored message number ' || g, now() - interval '30 days' + g * interval '10 milliseconds'
         FROM generate_series($4::int, $5::int) g`,
        [workspaceId, flows.history, session, stored + 1, size],
      );
      await db.query(`ANALYZE "ChatMessage"`);
      stored = size;
    }
    log(`prediction with ${size} stored messages in the session`);
    await startModelPhase();
    const run = await cannon({
      url: predictionUrl(flows.history),
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "Do you remember?", chatId: session }),
      connections: 1,
      duration: SHORT,
    });
    const model = summarize((await modelCalls("mock-model")).map((t) => t.durationMs));
    results.history[`messages${size}`] = { storedMessages: size, latency: run.latency, rps: run.rps, model };
  }

  results.memory.underLoadMb = underLoad.stop();
  results.memory.peakByPhaseMb = underLoad.peaks();
  results.memory.afterLoadMb = app.rss();
  results.durationS = Math.round((performance.now() - benchStarted) / 1000);
  results.machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));

  writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  if (!quick) writeDocs(results, root);
  log(`done in ${results.durationS} s: bench/results/latest.json${quick ? "" : ", docs/benchmarks.md"}`);
}

/** One JSON call; throws with the body on a non-2xx answer. */
async function api(app, method, pathname, { body, token } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${app.url}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function createFlow(app, token, fields) {
  const created = await api(app, "POST", "/api/v1/chatflows", { token, body: { name: "bench", ...fields } });
  return created.id;
}

/** The lowest RSS reading of the app over `ms` (one reading every 100 ms). */
async function lowestRss(app, ms) {
  let lowest = app.rss();
  for (let waited = 0; waited < ms; waited += 100) {
    await sleep(100);
    lowest = Math.min(lowest, app.rss());
  }
  return lowest;
}

/**
 * Opens `count` streamed predictions at once against a model that sends a token every 2 s,
 * waits until every one has its stream open (the `start` event), reads the app's memory (the peak
 * since opening), then lets them end.
 */
async function holdStreams(app, chatflowId, count) {
  // Ten tokens two seconds apart: each stream stays open about 20 s, mostly waiting on the model.
  const question = Array.from({ length: 9 }, (_, i) => `word${i}`).join(" ");
  const body = JSON.stringify({ question, streaming: true });
  const rssBefore = await lowestRss(app, 2_000);
  const peak = sampleRss(() => app.rss());
  const started = performance.now();
  let open = 0;
  let maxOpen = 0;
  let completed = 0;
  let failed = 0;
  let resolveAllOpen;
  const allOpen = new Promise((resolve) => (resolveAllOpen = resolve));
  const url = new URL(`${app.url}/api/v1/prediction/${chatflowId}`);
  const streams = Array.from(
    { length: count },
    () =>
      new Promise((resolve) => {
        const request = httpRequest(
          url,
          {
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (response) => {
            let tokenSeen = false;
            let tail = "";
            response.setEncoding("utf8");
            response.on("data", (chunk) => {
              tail = (tail + chunk).slice(-400);
              if (!tokenSeen && tail.includes('"event":"start"')) {
                tokenSeen = true;
                open += 1;
                maxOpen = Math.max(maxOpen, open);
                if (maxOpen === count) resolveAllOpen();
              }
            });
            response.on("end", () => {
              if (tokenSeen) open -= 1;
              if (tail.includes("event: end") && !tail.includes("event: error")) completed += 1;
              else failed += 1;
              resolve();
            });
            response.on("error", () => {
              failed += 1;
              resolve();
            });
          },
        );
        request.on("error", () => {
          failed += 1;
          resolve();
        });
        request.end(body);
      }),
  );
  const everyoneOpen = await Promise.race([allOpen.then(() => true), sleep(120_000).then(() => false)]);
  const openedInMs = Math.round(performance.now() - started);
  await sleep(1_000);
  const rssHeld = peak.stop();
  await Promise.all(streams);
  return {
    streams: count,
    allOpenAtOnce: everyoneOpen,
    maxOpenAtOnce: maxOpen,
    openedInMs,
    completed,
    failed,
    rssBeforeMb: rssBefore,
    rssHeldMb: rssHeld,
    kbPerStream: Math.round(((rssHeld - rssBefore) * 1024) / count),
  };
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // best effort
    }
  }
  appLog.end();
  rmSync(scratch, { recursive: true, force: true });
}
