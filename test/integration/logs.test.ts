import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createChatflow, predict } from "./prediction-helpers";
import { createMember } from "../support/api";
import { startOpsApp, waitForLogLine, type OpsApp } from "./ops-helpers";

// Structured logs: one JSON access line per request (requestId, method, route, status, ms), and
// never the question or the answer unless LOG_CONTENT=true.

const hasDatabase = Boolean(inject("databaseUrl"));

describe.skipIf(!hasDatabase)("logs", () => {
  let quiet: OpsApp;
  let verbose: OpsApp;
  beforeAll(async () => {
    [quiet, verbose] = await Promise.all([
      startOpsApp("logs-default", {}),
      startOpsApp("logs-content", { LOG_CONTENT: "true" }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([quiet?.stop(), verbose?.stop()]);
  });

  async function predictThrough(app: OpsApp) {
    const member = await createMember();
    const chatflow = await createChatflow(member);
    const question = `My secret plan is ${randomUUID()}`;
    const requestId = `log-test-${randomUUID()}`;
    const response = await predict(
      chatflow.id,
      { question },
      { app: app.url, token: member.token, headers: { "x-request-id": requestId } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const access = await waitForLogLine(
      app,
      (line) => line.requestId === requestId && line.message === "request",
    );
    expect(access).toEqual({
      time: expect.any(String),
      level: "info",
      message: "request",
      requestId,
      method: "POST",
      route: `/api/v1/prediction/${chatflow.id}`,
      status: 200,
      ms: expect.any(Number),
    });
    return { question, requestId, token: member.token, chatflowId: chatflow.id };
  }

  it("writes the access line and neither the question, the answer nor the token by default", async () => {
    const { question, token } = await predictThrough(quiet);
    const text = await readFile(quiet.logFile, "utf8");
    expect(text).not.toContain(question);
    expect(text).not.toContain(token);
    expect(text).not.toContain("test-openai-key");
  });

  it("adds the question and the answer with LOG_CONTENT=true, still without the token", async () => {
    const { question, requestId, token, chatflowId } = await predictThrough(verbose);
    const content = await waitForLogLine(verbose, (line) => line.message === "prediction content");
    expect(content).toMatchObject({ requestId, chatflowId, question, answer: `Echo: ${question}` });
    const text = await readFile(verbose.logFile, "utf8");
    expect(text).toContain(question);
    expect(text).not.toContain(token);
  });
});
