import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkWebhookTarget, deliverWebhook } from "./deliver";

interface Received {
  method?: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server | undefined;

async function listen(answer: (attempt: number) => number | "hang" | "drop") {
  const received: Received[] = [];
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method, headers: request.headers, body });
      const reply = answer(received.length);
      if (reply === "hang") return;
      if (reply === "drop") return void request.socket.destroy();
      response.writeHead(reply).end("ok");
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { received, port };
}

afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

const fast = { allowPrivate: true, backoffMs: 5, timeoutMs: 500 };

describe("deliverWebhook", () => {
  it("sends the payload as JSON with the chosen method", async () => {
    const { received, port } = await listen(() => 204);
    const result = await deliverWebhook(
      { url: `http://127.0.0.1:${port}/hook?x=1`, method: "PUT" },
      { a: 1 },
      fast,
    );
    expect(result).toEqual({ delivered: true, attempts: 1, status: 204 });
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe("PUT");
    expect(received[0].headers["content-type"]).toBe("application/json");
    expect(received[0].headers["user-agent"]).toBe("ChatflowStudio-Webhook/1");
    expect(JSON.parse(received[0].body)).toEqual({ a: 1 });
  });

  it("retries 5xx and dropped connections with backoff, then succeeds", async () => {
    const { received, port } = await listen((attempt) =>
      attempt === 1 ? 503 : attempt === 2 ? "drop" : 200,
    );
    const result = await deliverWebhook({ url: `http://127.0.0.1:${port}/`, method: "POST" }, {}, fast);
    expect(result).toEqual({ delivered: true, attempts: 3, status: 200 });
    expect(received).toHaveLength(3);
  });

  it("gives up after 3 retries", async () => {
    const { received, port } = await listen(() => 500);
    const result = await deliverWebhook({ url: `http://127.0.0.1:${port}/`, method: "POST" }, {}, fast);
    expect(result).toEqual({ delivered: false, attempts: 4, status: 500 });
    expect(received).toHaveLength(4);
  });

  it("does not retry a 4xx", async () => {
    const { received, port } = await listen(() => 404);
    expect(await deliverWebhook({ url: `http://127.0.0.1:${port}/`, method: "POST" }, {}, fast)).toEqual({
      delivered: false,
      attempts: 1,
      status: 404,
    });
    expect(received).toHaveLength(1);
  });

  it("times out a target that does not answer", async () => {
    const { port } = await listen(() => "hang");
    const started = Date.now();
    const result = await deliverWebhook(
      { url: `http://127.0.0.1:${port}/`, method: "POST" },
      {},
      { ...fast, timeoutMs: 100, retries: 1 },
    );
    expect(result).toEqual({ delivered: false, attempts: 2, error: "timed out after 100 ms" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses loopback targets unless allowed, without connecting or retrying", async () => {
    const { received, port } = await listen(() => 200);
    const strict = { ...fast, allowPrivate: false };
    expect(await deliverWebhook({ url: `http://127.0.0.1:${port}/`, method: "POST" }, {}, strict)).toEqual({
      delivered: false,
      attempts: 1,
      error: "127.0.0.1 resolves to a private address (127.0.0.1)",
    });
    // A name is resolved when connecting and judged by every address it resolves to.
    expect(
      await deliverWebhook({ url: `http://localhost:${port}/`, method: "POST" }, {}, strict),
    ).toMatchObject({
      delivered: false,
      attempts: 1,
      error: expect.stringContaining("localhost resolves to a private address"),
    });
    expect(await deliverWebhook({ url: `http://[::1]:${port}/`, method: "POST" }, {}, strict)).toMatchObject({
      delivered: false,
      attempts: 1,
    });
    expect(received).toHaveLength(0);
  });
});

describe("checkWebhookTarget", () => {
  it("refuses private targets and non-http URLs up front", async () => {
    await expect(checkWebhookTarget("http://127.0.0.1:9/x", false)).rejects.toThrow("private address");
    await expect(checkWebhookTarget("http://localhost/x", false)).rejects.toThrow("private address");
    await expect(checkWebhookTarget("ftp://8.8.8.8/", false)).rejects.toThrow("http or https");
    await expect(checkWebhookTarget("http://127.0.0.1:9/x", true)).resolves.toBeUndefined();
    await expect(checkWebhookTarget("https://8.8.8.8/x", false)).resolves.toBeUndefined();
  });

  it("lets a name that does not resolve now through (delivery retries later)", async () => {
    await expect(checkWebhookTarget("https://no-such-host.invalid/x", false)).resolves.toBeUndefined();
  });
});
