import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMember, type Member } from "../support/api";
import { waitFor } from "../support/processes";
import { startExtraApp, type ExtraApp } from "./prediction-apps";
import { conversationFlow, createChatflow, predict } from "./prediction-helpers";

// overrideConfig.webhookUrl: a JSON callback after the run, off the response path; loopback targets
// are refused unless the deployment sets ALLOW_PRIVATE_WEBHOOKS.

interface Hook {
  method?: string;
  headers: IncomingHttpHeaders;
  body: any;
}

let listener: Server;
let hookUrl: string;
const hooks: Hook[] = [];
let member: Member;

beforeAll(async () => {
  member = await createMember();
  listener = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      hooks.push({ method: request.method, headers: request.headers, body: JSON.parse(body) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
});

const unique = (text: string) => `${text} ${crypto.randomUUID().slice(0, 8)}`;

describe("prediction webhook", () => {
  it("refuses a loopback webhook by default, before running", async () => {
    const chatflow = await createChatflow(member);
    for (const url of [
      hookUrl,
      hookUrl.replace("127.0.0.1", "localhost"),
      "http://[::1]:9/x",
      "http://169.254.169.254/latest",
    ]) {
      const response = await predict(chatflow.id, { question: "Hi", overrideConfig: { webhookUrl: url } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(
          /^Invalid request body: overrideConfig\.webhookUrl: not allowed: .* resolves to a private address/,
        ),
        details: [{ path: "overrideConfig.webhookUrl", message: expect.stringContaining("private address") }],
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooks).toEqual([]);
  });

  describe.skipIf(!inject("databaseUrl"))("with ALLOW_PRIVATE_WEBHOOKS=true", () => {
    let app: ExtraApp;
    beforeAll(async () => {
      app = await startExtraApp("webhook-app", { ALLOW_PRIVATE_WEBHOOKS: "true" });
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
    });

    it("sends prediction.completed to the webhook after a JSON answer", async () => {
      const chatflow = await createChatflow(member);
      const question = unique("Notify me");
      const response = await predict(
        chatflow.id,
        { question, chatId: "hook-chat", overrideConfig: { webhookUrl: hookUrl } },
        { app: app.url },
      );
      expect(response.status).toBe(200);
      await waitFor(async () => hooks.some((hook) => hook.body.question === question), "the webhook", 10_000);
      const hook = hooks.find((entry) => entry.body.question === question)!;
      expect(hook.method).toBe("POST");
      expect(hook.headers["content-type"]).toBe("application/json");
      expect(hook.body).toEqual({
        event: "prediction.completed",
        chatflowId: chatflow.id,
        chatId: "hook-chat",
        sessionId: "hook-chat",
        chatMessageId: response.body.chatMessageId,
        question,
        text: `Echo: ${question}`,
        usedTools: [],
        sourceDocuments: [],
        createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    });

    it("sends it after a streamed answer too, with the chosen method", async () => {
      const chatflow = await createChatflow(member);
      const question = unique("Notify after stream");
      const response = await predict(
        chatflow.id,
        { question, streaming: true, overrideConfig: { webhookUrl: hookUrl, webhookMethod: "PUT" } },
        { app: app.url },
      );
      expect(response.status).toBe(200);
      expect(response.body).toContain("event: end");
      await waitFor(async () => hooks.some((hook) => hook.body.question === question), "the webhook", 10_000);
      const hook = hooks.find((entry) => entry.body.question === question)!;
      expect(hook.method).toBe("PUT");
      expect(hook.body).toMatchObject({ event: "prediction.completed", text: `Echo: ${question}` });
    });

    it("sends nothing when the run fails", async () => {
      const chatflow = await createChatflow(member, {
        flowData: conversationFlow({ modelName: "mock-error-500" }),
      });
      const question = unique("Failing run");
      const response = await predict(
        chatflow.id,
        { question, overrideConfig: { webhookUrl: hookUrl } },
        { app: app.url },
      );
      expect(response.status).toBe(502);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(hooks.some((hook) => hook.body.question === question)).toBe(false);
    });
  });
});
