import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChroma } from "../../scripts/chroma-server.mjs";
import { startHttpProxy, type HttpProxy } from "../faults/http-proxy";
import { call, createFlow, signUp, startOwnApp, type OwnApp } from "../faults/own-app";
import { freePort } from "../support/processes";
import { flowData } from "./prediction-helpers";
import { countUpsertRecords, hasDatabase, readCollection } from "./upsert-helpers";

// Chroma killed in the middle of an upsert: after the first of three write batches has been
// stored. The upsert answers 500 with `status: "error"` and records nothing; after Chroma restarts
// the same request adds every chunk exactly once, and a third time skips them all. Chroma sits
// behind a proxy of this test so that it can be killed right after that first batch.

type Chroma = Awaited<ReturnType<typeof startChroma>>;
const CHUNKS = 5_000; // three write batches (2,000 64-dimension vectors each at most)

describe("Chroma stopped during an upsert", () => {
  let dataDir: string;
  let chroma: Chroma;
  let chromaPort: number;
  let proxy: HttpProxy;
  let app: OwnApp;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "cfs-faults-chroma-"));
    chromaPort = await freePort();
    chroma = await startChroma({ dataPath: path.join(dataDir, "chroma"), port: chromaPort });
    await chroma.ready;
    proxy = await startHttpProxy(chroma.url);
    app = await startOwnApp("faults-chroma", { CHROMA_URL: proxy.url });
    token = await signUp(app.url);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    chroma?.child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("fails with nothing recorded; a retry after the restart adds everything once", async () => {
    const id = await createFlow(
      app.url,
      token,
      flowData([
        { id: "openAIEmbeddings_0", name: "openAIEmbeddings", inputs: { modelName: "mock-embed" } },
        { id: "chroma_0", name: "chroma", inputs: { embeddings: "{{openAIEmbeddings_0.data.instance}}" } },
      ]),
    );
    const documents = Array.from({ length: CHUNKS }, (_, index) => ({
      pageContent: `Chunk number ${index} of the interrupted upsert`,
      metadata: { index },
    }));

    let armed = true;
    const writes: string[] = [];
    proxy.onAnswered(async (request) => {
      if (request.method !== "POST" || !request.path.endsWith("/upsert")) return;
      writes.push(`${request.status}`);
      if (!armed || request.status >= 300) return;
      armed = false;
      const exited = new Promise((resolve) => chroma.child.once("exit", resolve));
      chroma.child.kill("SIGKILL");
      await exited;
    });

    const failed = await call(app.url, `/api/v1/vector/internal-upsert/${id}`, {
      token,
      body: { documents },
    });
    expect(writes).toEqual(["200"]); // one batch stored, then Chroma was gone
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      statusCode: 500,
      success: false,
      status: "error",
      message: `Vector store error (chroma cfs_${id}, write): the Chroma server is unreachable`,
      requestId: expect.any(String),
    });
    if (hasDatabase()) expect(await countUpsertRecords(id)).toBe(0);

    chroma = await startChroma({ dataPath: path.join(dataDir, "chroma"), port: chromaPort });
    await chroma.ready;
    const retried = await call(app.url, `/api/v1/vector/internal-upsert/${id}`, {
      token,
      body: { documents },
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: "success", numAdded: CHUNKS, numSkipped: 0 });
    const stored = await readCollection(`cfs_${id}`, chroma.url);
    expect(stored.ids).toHaveLength(CHUNKS);
    expect(new Set(stored.documents)).toEqual(new Set(documents.map((document) => document.pageContent)));
    if (hasDatabase()) expect(await countUpsertRecords(id)).toBe(CHUNKS);

    const again = await call(app.url, `/api/v1/vector/internal-upsert/${id}`, { token, body: { documents } });
    expect(again.body).toMatchObject({ status: "success", numAdded: 0, numSkipped: CHUNKS });
    expect((await readCollection(`cfs_${id}`, chroma.url)).ids).toHaveLength(CHUNKS);
  }, 180_000);
});
