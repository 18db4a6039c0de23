import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startChroma } from "../../scripts/chroma-server.mjs";
import { freePort, startApp, type AppProcess } from "../support/processes";
import {
  chatModelNode,
  countUpsertRecords,
  hasDatabase,
  readCollection,
  storeFlow,
  upsert,
} from "./upsert-helpers";

// Its own Chroma and app, so that Chroma can be stopped without disturbing the other test files.
// The app allows 1 MB of uploads, for the 413 cases.

type Chroma = Awaited<ReturnType<typeof startChroma>>;

let chroma: Chroma;
let chromaPort: number;
let chromaPath: string;
let app: AppProcess;
let dataDir: string;
let token: string;

async function call(pathname: string, body: unknown, bearer?: string) {
  const response = await fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function createFlow(flowData: string): Promise<string> {
  const created = await call("/api/v1/chatflows", { name: "upsert down", flowData, isPublic: true }, token);
  if (created.status !== 201)
    throw new Error(`create chatflow: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

async function stopChroma() {
  if (chroma.child.exitCode !== null) return;
  const exited = new Promise((resolve) => chroma.child.once("exit", resolve));
  chroma.child.kill("SIGTERM");
  await exited;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cfs-upsert-down-"));
  chromaPath = path.join(dataDir, "chroma");
  chromaPort = await freePort();
  chroma = await startChroma({ dataPath: chromaPath, port: chromaPort });
  await chroma.ready;
  app = await startApp(
    {
      DATABASE_URL: inject("databaseUrl"),
      DATA_DIR: path.join(dataDir, "app"),
      AUTH_SECRET: inject("authSecret"),
      ENCRYPTION_KEY: "",
      OPENAI_BASE_URL: `${inject("mockUrl")}/v1`,
      OPENAI_API_KEY: "test-openai-key",
      CHROMA_URL: chroma.url,
      MAX_UPLOAD_MB: "1",
      LOG_LEVEL: "error",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      UPSTASH_REDIS_REST_TOKEN: "",
    },
    "upsert-chroma-down",
  );
  const email = `down-${randomUUID()}@example.test`;
  const password = "correct horse battery";
  const signup = await call("/api/v1/auth/signup", { email, password });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status}`);
  token = (await call("/api/v1/auth/token", { email, password })).body.token;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  chroma?.child.kill();
  await rm(dataDir, { recursive: true, force: true });
});

describe("upload limits (MAX_UPLOAD_MB=1)", () => {
  it("answers 413 for a file larger than the limit", async () => {
    const id = await createFlow(storeFlow({ loaders: [{ id: "textFile_0", name: "textFile", inputs: {} }] }));
    const big = "x".repeat(1024 * 1024 + 10);
    const response = await upsert(id, { files: [{ name: "big.txt", bytes: big }] }, { app: app.url });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      statusCode: 413,
      success: false,
      status: "error",
      message: 'File "big.txt" is larger than 1 MB',
    });
  });

  it("refuses a multipart body far over the limit from its declared length", async () => {
    const id = await createFlow(storeFlow({ loaders: [{ id: "textFile_0", name: "textFile", inputs: {} }] }));
    const response = await upsert(
      id,
      { files: [{ name: "huge.txt", bytes: "h".repeat(7 * 1024 * 1024) }] },
      { app: app.url },
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      statusCode: 413,
      status: "error",
      message: "Request body is larger than the 1 MB upload limit allows",
    });
  });

  it("answers 413 for files that are together larger than the limit", async () => {
    const id = await createFlow(storeFlow({ loaders: [{ id: "textFile_0", name: "textFile", inputs: {} }] }));
    const half = "y".repeat(600 * 1024);
    const response = await upsert(
      id,
      {
        files: [
          { name: "a.txt", bytes: half },
          { name: "b.txt", bytes: half },
        ],
      },
      { app: app.url },
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      statusCode: 413,
      status: "error",
      message: "Files are larger than 1 MB together",
    });
  });

  it("answers 413 for a JSON body larger than the limit", async () => {
    const id = await createFlow(storeFlow());
    const response = await upsert(id, { text: "z".repeat(1024 * 1024 + 10) }, { app: app.url });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      statusCode: 413,
      status: "error",
      message: "Request body is larger than 1 MB",
    });
  });
});

describe("when Chroma stops", () => {
  it("answers 500 with status error and records nothing; after a restart the same upsert works", async () => {
    const id = await createFlow(storeFlow());
    const first = await upsert(id, { text: "Stored before the outage." }, { app: app.url });
    expect(first.body).toMatchObject({ status: "success", numAdded: 1 });

    await stopChroma();
    const failed = await upsert(id, { text: "Sent during the outage." }, { app: app.url });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      statusCode: 500,
      success: false,
      status: "error",
      message: `Vector store error (chroma cfs_${id}, write): the Chroma server is unreachable`,
      requestId: expect.any(String),
    });
    if (hasDatabase()) expect(await countUpsertRecords(id)).toBe(1);

    chroma = await startChroma({ dataPath: chromaPath, port: chromaPort });
    await chroma.ready;
    const retried = await upsert(id, { text: "Sent during the outage." }, { app: app.url });
    expect(retried.body).toMatchObject({ status: "success", numAdded: 1, numSkipped: 0 });
    const again = await upsert(id, { text: "Stored before the outage." }, { app: app.url });
    expect(again.body).toMatchObject({ numAdded: 0, numSkipped: 1 });
    const stored = await readCollection(`cfs_${id}`, chroma.url);
    expect(stored.documents.sort()).toEqual(["Sent during the outage.", "Stored before the outage."]);
    if (hasDatabase()) expect(await countUpsertRecords(id)).toBe(2);
  });

  it("keeps the memory store working, and a Chroma retrieval fails as a 502", async () => {
    const retrievalChain = (store: string) => ({
      id: "retrievalQAChain_0",
      name: "retrievalQAChain",
      inputs: {
        model: "{{chatOpenAI_0.data.instance}}",
        vectorStoreRetriever: `{{${store}_0.data.instance}}`,
      },
    });
    const memoryId = await createFlow(
      storeFlow({
        store: "memoryVectorStore",
        consumers: [chatModelNode, retrievalChain("memoryVectorStore")],
      }),
    );
    const chromaId = await createFlow(storeFlow({ consumers: [chatModelNode, retrievalChain("chroma")] }));

    await stopChroma();
    try {
      const stored = await upsert(
        memoryId,
        { text: "The lighthouse keeper feeds the gulls at dawn." },
        { app: app.url },
      );
      expect(stored.body).toMatchObject({ status: "success", numAdded: 1 });
      const answer = await call(`/api/v1/prediction/${memoryId}`, { question: "Who feeds the gulls?" });
      expect(answer.status).toBe(200);
      expect(answer.body.sourceDocuments).toEqual([
        {
          pageContent: "The lighthouse keeper feeds the gulls at dawn.",
          metadata: { chunk: 0, lineFrom: 1, lineTo: 1 },
        },
      ]);

      const unreachable = await call(`/api/v1/prediction/${chromaId}`, { question: "Anything?" });
      expect(unreachable.status).toBe(502);
      expect(unreachable.body.message).toBe(
        `Vector store error (chroma cfs_${chromaId}, query): the Chroma server is unreachable`,
      );
    } finally {
      chroma = await startChroma({ dataPath: chromaPath, port: chromaPort });
      await chroma.ready;
    }
  });
});
