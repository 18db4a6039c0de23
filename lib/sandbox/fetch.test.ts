import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createToolRunner, type ToolRunner } from "./index";

// Runs that hit limits take seconds, more when the shared machine is busy.
vi.setConfig({ testTimeout: 30_000 });

// A tiny HTTP server on 127.0.0.1 plays the outside world. Host matching is exact on `URL.host`:
// the runner allows "127.0.0.1:<port>", so "localhost:<port>" and other ports stay refused.

let server: Server;
let port: number;
const hangingRequests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      switch (url.pathname) {
        case "/weather":
          response.setHeader("content-type", "application/json");
          response.setHeader("x-source", "test");
          response.end(JSON.stringify({ city: url.searchParams.get("city"), degrees: 21 }));
          return;
        case "/echo":
          response.setHeader("content-type", "application/json");
          response.end(
            JSON.stringify({ method: request.method, auth: request.headers.authorization ?? null, body }),
          );
          return;
        case "/missing":
          response.statusCode = 404;
          response.end("no such thing");
          return;
        case "/redirect-home":
          response.statusCode = 302;
          response.setHeader("location", "/weather?city=Lyon");
          response.end();
          return;
        case "/redirect-away":
          response.statusCode = 302;
          response.setHeader("location", "http://example.com/");
          response.end();
          return;
        case "/huge":
          response.end("x".repeat(3 * 1024 * 1024));
          return;
        case "/hang":
          hangingRequests.push(request);
          return; // never answers
        default:
          response.statusCode = 500;
          response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(["process", "in-process"] as const)("fetch from a tool (%s)", (isolation) => {
  let runner: ToolRunner;
  beforeAll(() => {
    runner = createToolRunner({ isolation, allowHosts: [`127.0.0.1:${port}`], timeoutMs: 3_000 });
  });
  afterAll(() => runner.close());
  const run = (func: string, extra: object = {}) =>
    runner.run({ func, input: { base: `http://127.0.0.1:${port}` }, ...extra });

  it("reaches an allowed host and reads status, headers and JSON", async () => {
    const result = await run(`
      const response = await fetch($base + "/weather?city=Paris");
      const data = await response.json();
      return { ok: response.ok, status: response.status, type: response.headers.get("Content-Type"),
               source: response.headers.get("x-source"), missing: response.headers.get("x-nope"), data };
    `);
    expect(result).toMatchObject({
      ok: true,
      output: JSON.stringify({
        ok: true,
        status: 200,
        type: "application/json",
        source: "test",
        missing: null,
        data: { city: "Paris", degrees: 21 },
      }),
    });
  });

  it("sends the method, headers and body it is given", async () => {
    const result = await run(`
      const response = await fetch($base + "/echo", {
        method: "post", headers: { Authorization: "Bearer t" }, body: JSON.stringify({ q: 1 }) });
      return await response.text();
    `);
    expect(result).toMatchObject({
      ok: true,
      output: JSON.stringify({ method: "POST", auth: "Bearer t", body: '{"q":1}' }),
    });
  });

  it("returns error statuses to the tool rather than throwing", async () => {
    const result = await run(
      `const r = await fetch($base + "/missing"); return [r.ok, r.status, await r.text()]`,
    );
    expect(result).toMatchObject({ ok: true, output: '[false,404,"no such thing"]' });
  });

  it("follows a redirect within allowed hosts and refuses one that leaves them", async () => {
    expect(
      await run(
        `const r = await fetch($base + "/redirect-home"); return [r.redirected, (await r.json()).city]`,
      ),
    ).toMatchObject({ ok: true, output: '[true,"Lyon"]' });
    expect(await run(`await fetch($base + "/redirect-away")`)).toMatchObject({
      ok: false,
      error: "TypeError: fetch: redirected to a host that is not allowed (example.com)",
    });
  });

  it("matches hosts exactly: another name or port for the same machine is refused", async () => {
    expect(await run(`await fetch("http://localhost:${port}/weather")`)).toMatchObject({
      ok: false,
      error: `TypeError: fetch: host localhost:${port} is not allowed (TOOL_FETCH_ALLOW)`,
    });
    expect(await run(`await fetch("http://127.0.0.1:${port + 1}/weather")`)).toMatchObject({
      ok: false,
      error: `TypeError: fetch: host 127.0.0.1:${port + 1} is not allowed (TOOL_FETCH_ALLOW)`,
    });
  });

  it("allows only http and https", async () => {
    expect(await run(`await fetch("file:///etc/passwd")`)).toMatchObject({
      ok: false,
      error: "TypeError: fetch: only http and https URLs are allowed",
    });
  });

  it("refuses a response larger than 2 MB", async () => {
    expect(await run(`await fetch($base + "/huge")`)).toMatchObject({
      ok: false,
      error: "TypeError: fetch: the response is larger than 2097152 bytes",
    });
  });

  it("lets the tool catch a refused fetch", async () => {
    const result = await run(
      `try { await fetch("https://example.com") } catch (e) { return "caught: " + e.message }`,
    );
    expect(result).toMatchObject({
      ok: true,
      output: "caught: fetch: host example.com is not allowed (TOOL_FETCH_ALLOW)",
    });
  });

  it("reads a body once", async () => {
    const result = await run(
      `const r = await fetch($base + "/weather"); await r.text(); return await r.text()`,
    );
    expect(result).toMatchObject({ ok: false, error: "TypeError: Body has already been read" });
  });

  it("refuses a non-string body", async () => {
    const result = await run(`await fetch($base + "/echo", { method: "POST", body: { q: 1 } })`);
    expect(result).toMatchObject({
      ok: false,
      error: "TypeError: fetch: body must be a string (use JSON.stringify for objects)",
    });
  });

  it("allows at most 20 requests per run", async () => {
    const result = await run(`for (let i = 0; i < 21; i++) await (await fetch($base + "/weather")).text()`);
    expect(result).toMatchObject({ ok: false, error: "TypeError: fetch: at most 20 requests per tool run" });
  });

  it("times out on a host that never answers and drops the request", async () => {
    const before = hangingRequests.length;
    const result = await run(`await fetch($base + "/hang")`, { timeoutMs: 400 });
    expect(result).toMatchObject({ ok: false, error: "Tool timed out after 400 ms" });
    expect(hangingRequests.length).toBe(before + 1);
    const request = hangingRequests[before];
    await expect.poll(() => request.destroyed, { timeout: 2_000 }).toBe(true);
  });
});
