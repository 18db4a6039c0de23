import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresCluster, findPostgresBin, type PostgresCluster } from "../faults/postgres-cluster";
import { call, createFlow, signUp, startOwnApp, type OwnApp } from "../faults/own-app";
import { conversationFlow } from "./prediction-helpers";

// PostgreSQL stopped and started again under a steady load of predictions, on a private cluster
// (initdb in a temporary directory) and an app of this file's own. While the database is down a
// prediction fails cleanly (503, Retry-After), never 500 and never hangs; once it is back requests
// succeed again; and every prediction that was answered 200 has its question and answer stored.

const bin = findPostgresBin();

type Phase = "before" | "down" | "restarting" | "after";
interface Outcome {
  n: number;
  startedIn: Phase;
  startedAt: number;
  finishedAt: number;
  status: number | "failed";
  body: any;
  retryAfter: string | null;
}

describe.skipIf(!bin)("PostgreSQL restarted during a load of predictions", () => {
  let cluster: PostgresCluster;
  let app: OwnApp;
  let chatflowId: string;

  beforeAll(async () => {
    cluster = await createPostgresCluster(bin!);
    app = await startOwnApp("faults-postgres", { DATABASE_URL: cluster.url });
    const token = await signUp(app.url);
    chatflowId = await createFlow(app.url, token, conversationFlow({ modelName: "mock-delay-2" }));
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await cluster?.destroy();
  });

  it("answers 503 while it is down, 200 after, and loses no completed exchange", async () => {
    let phase: Phase = "before";
    let running = true;
    let next = 0;
    let firstSuccessAfter = Infinity;
    const outcomes: Outcome[] = [];

    async function worker() {
      while (running) {
        const n = next++;
        const outcome: Outcome = {
          n,
          startedIn: phase,
          startedAt: performance.now(),
          finishedAt: 0,
          status: "failed",
          body: null,
          retryAfter: null,
        };
        try {
          const reply = await call(app.url, `/api/v1/prediction/${chatflowId}`, {
            body: { question: `Question number ${n}`, chatId: `fault-chat-${n}` },
          });
          outcome.status = reply.status;
          outcome.body = reply.body;
          outcome.retryAfter = reply.headers.get("retry-after");
        } catch (error) {
          outcome.body = String(error);
        }
        outcome.finishedAt = performance.now();
        outcomes.push(outcome);
        if (phase === "after" && outcome.status === 200 && outcome.startedIn === "after") {
          firstSuccessAfter = Math.min(firstSuccessAfter, outcome.startedAt);
        }
        // While the database is down answers come back at once; pace the loop so it is not a spin.
        if (outcome.status !== 200) await sleep(50);
      }
    }

    const workers = Array.from({ length: 4 }, () => worker());
    await waitUntil(() => outcomes.filter((o) => o.status === 200).length >= 8, 60_000);
    const stoppingAt = performance.now();
    await cluster.stop();
    phase = "down";
    const downAt = outcomes.length;
    await waitUntil(() => outcomes.length >= downAt + 12, 60_000);
    await sleep(1_000);
    phase = "restarting";
    await cluster.start();
    phase = "after";
    await waitUntil(() => firstSuccessAfter < Infinity, 60_000);
    const recoveredAt = outcomes.length;
    await waitUntil(() => outcomes.length >= recoveredAt + 12, 60_000);
    running = false;
    await Promise.all(workers);

    const byStatus = (status: number | "failed") => outcomes.filter((o) => o.status === status);
    expect(byStatus("failed"), "requests that hung or lost their connection").toEqual([]);
    expect(
      outcomes.filter((o) => o.status !== 200 && o.status !== 503).map((o) => [o.status, o.body]),
      "answers other than 200 and 503",
    ).toEqual([]);

    const unavailable = byStatus(503);
    expect(unavailable.filter((o) => o.startedIn === "down").length).toBeGreaterThan(0);
    for (const outcome of unavailable) {
      expect(outcome.body).toEqual({
        statusCode: 503,
        success: false,
        message: "Service temporarily unavailable",
        requestId: expect.any(String),
      });
      expect(outcome.retryAfter).toBe("5");
    }
    const beforeStop = outcomes.filter((o) => o.finishedAt < stoppingAt);
    expect(beforeStop.filter((o) => o.status !== 200).map((o) => [o.status, o.body])).toEqual([]);
    const afterRecovery = outcomes.filter((o) => o.startedAt > firstSuccessAfter);
    expect(afterRecovery.length).toBeGreaterThanOrEqual(8);
    expect(afterRecovery.filter((o) => o.status !== 200).map((o) => [o.status, o.body])).toEqual([]);

    // Every 200 has its exchange stored; no request left half of one.
    const db = new pg.Client({ connectionString: cluster.url.replace(/\/postgres$/, `/postgres`) });
    await db.connect();
    try {
      const { rows } = await db.query<{ chatId: string; id: string; role: string; content: string }>(
        `SELECT "chatId", id, role, content FROM "ChatMessage" WHERE "chatflowId" = $1 ORDER BY "createdDate", role DESC`,
        [chatflowId],
      );
      const stored = new Map<string, typeof rows>();
      for (const row of rows) stored.set(row.chatId, [...(stored.get(row.chatId) ?? []), row]);
      for (const outcome of byStatus(200)) {
        const question = `Question number ${outcome.n}`;
        expect(stored.get(`fault-chat-${outcome.n}`)).toEqual([
          { chatId: `fault-chat-${outcome.n}`, id: expect.any(String), role: "user", content: question },
          {
            chatId: `fault-chat-${outcome.n}`,
            id: outcome.body.chatMessageId,
            role: "assistant",
            content: `Echo: ${question}`,
          },
        ]);
      }
      for (const messages of stored.values()) expect(messages).toHaveLength(2);
    } finally {
      await db.end();
    }
  }, 300_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}
