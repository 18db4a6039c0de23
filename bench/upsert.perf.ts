import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createChromaStore } from "@/lib/vector/chroma-store";
import { createMemoryStore } from "@/lib/vector/memory-store";
import { startChroma } from "../scripts/chroma-server.mjs";
import { startMockOpenAI, type MockOpenAI } from "../test/support/mock-openai.mjs";
import { startApp, type AppProcess } from "../test/support/processes";

// Upsert throughput and query latency with the mock embeddings, a real Chroma and the built app.
// Run: npx next build && npx vitest run --config bench/vitest.config.mts
// Set DATABASE_URL to measure against PostgreSQL (else the app runs on PGlite). BENCH_DIMENSIONS
// sets the vector length (default 64, the mock's default; 1536 is text-embedding-3-small's).

const dimensions = Number(process.env.BENCH_DIMENSIONS ?? 64);
const results: string[] = [];
const report = (line: string) => {
  results.push(line);
  console.log(line);
};

let dataDir: string;
let chroma: Awaited<ReturnType<typeof startChroma>>;
let mock: MockOpenAI;
let app: AppProcess;
let token: string;

const rssMb = (pid: number | undefined) => {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
};

async function call(pathname: string, body: unknown, bearer = token) {
  const response = await fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const parsed = await response.json();
  if (!response.ok)
    throw new Error(`${pathname}: ${response.status} ${JSON.stringify(parsed).slice(0, 300)}`);
  return parsed;
}

function flow(store: "chroma" | "memoryVectorStore") {
  const node = (id: string, name: string, inputs: Record<string, unknown>) => ({
    id,
    position: { x: 0, y: 0 },
    type: "customNode",
    data: { id, name, label: name, inputs },
  });
  const edge = (source: string, target: string, input: string) => ({
    id: `${source}-${target}`,
    source,
    target,
    sourceHandle: `${source}-output`,
    targetHandle: `${target}-input-${input}`,
  });
  return JSON.stringify({
    nodes: [
      node("openAIEmbeddings_0", "openAIEmbeddings", { modelName: "mock-embed", dimensions }),
      node("store_0", store, { embeddings: "{{openAIEmbeddings_0.data.instance}}" }),
      node("chatOpenAI_0", "chatOpenAI", { modelName: "mock-model", temperature: 0 }),
      node("retrievalQAChain_0", "retrievalQAChain", {
        model: "{{chatOpenAI_0.data.instance}}",
        vectorStoreRetriever: "{{store_0.data.instance}}",
      }),
    ],
    edges: [
      edge("openAIEmbeddings_0", "store_0", "embeddings"),
      edge("chatOpenAI_0", "retrievalQAChain_0", "model"),
      edge("store_0", "retrievalQAChain_0", "vectorStoreRetriever"),
    ],
  });
}

const words =
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa".split(
    " ",
  );
const sentence = (seed: number) =>
  `Chunk ${seed}: ` +
  Array.from({ length: 12 }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(" ") +
  ` ${seed}.`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function randomUnitVector(): number[] {
  const vector = Array.from({ length: dimensions }, () => Math.random() - 0.5);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cfs-bench-"));
  mock = await startMockOpenAI();
  chroma = await startChroma({ dataPath: path.join(dataDir, "chroma") });
  await chroma.ready;
  app = await startApp(
    {
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      DATA_DIR: path.join(dataDir, "app"),
      OPENAI_BASE_URL: `${mock.url}/v1`,
      OPENAI_API_KEY: "bench",
      CHROMA_URL: chroma.url,
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT_PER_MIN: "1000",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      ENCRYPTION_KEY: "",
      AUTH_SECRET: randomUUID() + randomUUID(),
    },
    "bench",
  );
  const email = `bench-${randomUUID()}@example.test`;
  await call("/api/v1/auth/signup", { email, password: "correct horse battery" }, "");
  token = (await call("/api/v1/auth/token", { email, password: "correct horse battery" }, "")).token;
  report(
    `setup: ${dimensions}-dimension mock embeddings, Chroma 1.0 (npm binary), ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
});

afterAll(async () => {
  await app?.stop();
  chroma?.child.kill();
  await mock?.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(`\n${results.join("\n")}`);
});

describe("upsert throughput (HTTP, JSON documents, one chunk each)", () => {
  for (const store of ["chroma", "memoryVectorStore"] as const) {
    for (const count of [1_000, 10_000]) {
      it(`${store}: ${count} chunks`, async () => {
        const { id } = await call("/api/v1/chatflows", {
          name: `bench ${store} ${count}`,
          flowData: flow(store),
        });
        const documents = Array.from({ length: count }, (_, index) => ({
          pageContent: sentence(index),
          metadata: { index },
        }));
        const started = performance.now();
        const result = await call(`/api/v1/vector/internal-upsert/${id}`, { documents });
        const seconds = (performance.now() - started) / 1000;
        if (result.numAdded !== count) throw new Error(`added ${result.numAdded} of ${count}`);
        const againStarted = performance.now();
        const again = await call(`/api/v1/vector/internal-upsert/${id}`, { documents });
        const againSeconds = (performance.now() - againStarted) / 1000;
        report(
          `upsert ${store} ${count}: ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} chunks/s; ` +
            `same again (all skipped: ${again.numSkipped}) ${againSeconds.toFixed(2)} s; ` +
            `app RSS ${rssMb(app.child.pid)} MB, Chroma RSS ${rssMb(chroma.child.pid)} MB`,
        );
      });
    }
  }

  it("text through plainText + recursive splitter: 10,000 chunks from one request", async () => {
    const flowData = JSON.parse(flow("chroma"));
    flowData.nodes.push(
      {
        id: "splitter_0",
        type: "customNode",
        position: { x: 0, y: 0 },
        data: {
          id: "splitter_0",
          name: "recursiveCharacterTextSplitter",
          inputs: { chunkSize: 100, chunkOverlap: 0 },
        },
      },
      {
        id: "plainText_0",
        type: "customNode",
        position: { x: 0, y: 0 },
        data: {
          id: "plainText_0",
          name: "plainText",
          inputs: { textSplitter: "{{splitter_0.data.instance}}" },
        },
      },
    );
    flowData.nodes[1].data.inputs.document = ["{{plainText_0.data.instance}}"];
    const { id } = await call("/api/v1/chatflows", {
      name: "bench splitter",
      flowData: JSON.stringify(flowData),
    });
    const text = Array.from({ length: 10_000 }, (_, index) => sentence(index).slice(0, 95)).join("\n\n");
    const started = performance.now();
    const result = await call(`/api/v1/vector/internal-upsert/${id}`, { text });
    const seconds = (performance.now() - started) / 1000;
    report(
      `upsert text+splitter → chroma: ${result.numAdded} chunks in ${seconds.toFixed(2)} s = ${Math.round(result.numAdded / seconds)} chunks/s`,
    );
  });
});

describe("query latency", () => {
  async function measure(label: string, query: () => Promise<unknown>, runs = 300) {
    for (let i = 0; i < 20; i++) await query();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    report(
      `${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (${runs} queries, top 4)`,
    );
  }

  it("prediction (retrievalQAChain over Chroma) at 10,000 vectors, end to end over HTTP", async () => {
    const { id } = await call("/api/v1/chatflows", {
      name: "bench query",
      flowData: flow("chroma"),
      isPublic: true,
    });
    const documents = Array.from({ length: 10_000 }, (_, index) => ({
      pageContent: sentence(index),
      metadata: { index },
    }));
    await call(`/api/v1/vector/internal-upsert/${id}`, { documents });
    await measure(
      "prediction at 10,000 vectors (embed question + Chroma + mock chat)",
      () => call(`/api/v1/prediction/${id}`, { question: sentence(Math.floor(Math.random() * 10_000)) }, ""),
      200,
    );
  });

  for (const count of [10_000, 100_000]) {
    it(`Chroma directly (lib/vector adapter) at ${count} vectors`, async () => {
      const store = createChromaStore({ url: chroma.url }, `bench_${count}_${Date.now()}`);
      const started = performance.now();
      const batch = 5_000;
      for (let start = 0; start < count; start += batch) {
        await store.upsert(
          Array.from({ length: Math.min(batch, count - start) }, (_, i) => ({
            id: `v${start + i}`,
            pageContent: sentence(start + i),
            metadata: { index: start + i },
            embedding: randomUnitVector(),
          })),
        );
      }
      const loadSeconds = (performance.now() - started) / 1000;
      report(
        `Chroma load ${count} vectors: ${loadSeconds.toFixed(1)} s = ${Math.round(count / loadSeconds)} vectors/s; Chroma RSS ${rssMb(chroma.child.pid)} MB`,
      );
      await measure(`Chroma query at ${count} vectors`, () => store.query(randomUnitVector(), 4));
      await measure(
        `Chroma query at ${count} vectors with a metadata filter`,
        () => store.query(randomUnitVector(), 4, { index: { $lt: count / 2 } }),
        100,
      );
    });

    it(`memory store at ${count} vectors`, async () => {
      const before = process.memoryUsage().rss;
      const store = createMemoryStore(randomUUID(), "bench");
      for (let start = 0; start < count; start += 10_000) {
        await store.upsert(
          Array.from({ length: Math.min(10_000, count - start) }, (_, i) => ({
            id: `v${start + i}`,
            pageContent: sentence(start + i),
            metadata: { index: start + i },
            embedding: randomUnitVector(),
          })),
        );
      }
      report(
        `memory store ${count} vectors: +${Math.round((process.memoryUsage().rss - before) / 1024 / 1024)} MB RSS`,
      );
      await measure(`memory store query at ${count} vectors`, () => store.query(randomUnitVector(), 4), 100);
    });
  }
});
