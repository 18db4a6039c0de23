import { beforeAll, describe, expect, it } from "vitest";
import { api, createMember, type Member } from "../support/api";
import { createChatflow } from "./prediction-helpers";

// Escape attempts through the tool sandbox (POST /api/v1/tools/run, the editor's "Test"): reaching
// the host through constructors, prototype pollution within and across runs and into the host,
// runaway loops (plain, inside promises, in microtasks), memory bombs, a V8 abort, stack overflow,
// hostile return and throw values. Each ends as `{ error }` or harmless output, the host stays
// untouched, and the server keeps serving.

let member: Member;
const TIMEOUT = "Tool timed out after 10000 ms";
const MEMORY = "Tool exceeded its 64 MB memory limit";
const STOPPED = "The sandbox process stopped while the tool was running (it restarts by itself)";

// Names that exist only in a Node host; none may be visible from inside.
const hostOnly = /\b(process|require|module|Buffer|global|__dirname|_ivm|ivm)\b/;

async function run(func: string, input?: unknown, rawBody?: string) {
  const response = rawBody
    ? await api("/api/v1/tools/run", {
        token: member.token,
        rawBody,
        headers: { "content-type": "application/json" },
      })
    : await api("/api/v1/tools/run", { token: member.token, body: { func, ...(input ? { input } : {}) } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { output?: string; error?: string; durationMs?: number };
}

beforeAll(async () => {
  member = await createMember("Escape artist");
});

describe("sandbox escape attempts", () => {
  it.each([
    [
      "the constructor chain to Function",
      "return this.constructor.constructor('return process')()",
      { error: "ReferenceError: process is not defined" },
    ],
    [
      "an input object's constructor chain",
      "return $input.constructor.constructor('return [typeof process, typeof require, typeof Buffer].join()')()",
      { output: "undefined,undefined,undefined" },
    ],
    [
      "an async function's constructor",
      "return (async () => {}).constructor('return typeof process')()",
      { output: "undefined" },
    ],
    ["eval", "return eval('typeof require')", { output: "undefined" }],
    ["a dynamic import", "return await import('node:fs')", { errorMatching: /./ }],
    [
      "fetch to the database port",
      "return (await fetch('http://127.0.0.1:5432')).status",
      { errorMatching: /not allowed/ },
    ],
    ["fetch of a local file", "return (await fetch('file:///etc/passwd')).text()", { errorMatching: /./ }],
    [
      "fetch of cloud metadata",
      "return (await fetch('http://169.254.169.254/latest/meta-data/')).status",
      { errorMatching: /not allowed/ },
    ],
    [
      "deep recursion",
      "function f() { return f() + 1 } return f()",
      { error: "RangeError: Maximum call stack size exceeded" },
    ],
    [
      "an output larger than allowed",
      "return 'x'.repeat(2e6)",
      { error: "Tool output is longer than 1000000 characters" },
    ],
    [
      "a thrown object whose message getter throws",
      "throw { get message() { throw new Error('gotcha') } }",
      { error: "Tool threw a value that cannot be shown" },
    ],
    ["a thrown symbol", "throw Symbol('s')", { error: "Symbol(s)" }],
    [
      "a returned Proxy that throws when read",
      "return new Proxy({}, { get() { throw new Error('trap') }, ownKeys() { throw new Error('keys trap') } })",
      { errorMatching: /trap/ },
    ],
  ] as const)("%s", async (_name, func, expected) => {
    const result = await run(func);
    if ("errorMatching" in expected) {
      expect(result).toEqual({ error: expect.stringMatching(expected.errorMatching) });
    } else if ("error" in expected) {
      expect(result).toEqual({ error: expected.error });
    } else {
      expect(result).toEqual({ output: expected.output, durationMs: expect.any(Number) });
    }
  });

  it("shows nothing of the host through the global object or stack traces", async () => {
    const globals = await run("return Object.getOwnPropertyNames(globalThis).join(' ')");
    expect(globals.output).toBeDefined();
    expect(globals.output).not.toMatch(hostOnly);

    const frames = await run(
      "Error.prepareStackTrace = (e, frames) => frames.map((f) => String(f.getFileName()) + ':' + String(f.getFunctionName()) + ':' + typeof f.getThis()).join('|'); return new Error('x').stack",
    );
    expect(frames.error ?? frames.output).not.toMatch(/\/work\/|node_modules|node:internal|\.next/);
  });

  it("keeps prototype pollution inside one run", async () => {
    const polluter = await run(
      "Object.prototype.polluted = 'yes'; Array.prototype.map = () => 'hijacked'; JSON.stringify = () => 'hijacked'; globalThis.leftover = 1; return 'done'",
    );
    expect(polluter.output).toBe("done");
    const next = await run(
      "return [String(({}).polluted), JSON.stringify([1].map((x) => x + 1)), typeof leftover].join(' ')",
    );
    expect(next.output).toBe("undefined [2] undefined");
  });

  it("never pollutes the host through __proto__ or constructor keys in a body", async () => {
    const viaInput = await run(
      "",
      undefined,
      '{"func":"return [String(({}).polluted), Object.keys($input).join()].join(\' \')","input":{"__proto__":{"polluted":"yes","isPublic":true},"constructor":{"prototype":{"polluted":"yes"}},"a":1}}',
    );
    expect(viaInput.output ?? viaInput.error).not.toMatch(/^yes/);

    // The host's objects are not polluted: a new chatflow is still private by default, and an
    // empty object still has no `polluted` or `isPublic` (seen through the tools list's JSON).
    const created = await api("/api/v1/chatflows", {
      token: member.token,
      rawBody: '{"name":"pollution probe","flowData":"{}","__proto__":{"isPublic":true,"polluted":"yes"}}',
      headers: { "content-type": "application/json" },
    });
    expect([201, 400]).toContain(created.status);
    if (created.status === 201) {
      expect(created.body.isPublic).toBe(false);
      expect(created.body).not.toHaveProperty("polluted");
    }
    const probe = await createChatflow(member, {});
    const read = await api(`/api/v1/chatflows/${probe.id}`, { token: member.token });
    expect(read.body).not.toHaveProperty("polluted");
  });

  it("stops runaway code: loops, loops inside promises, microtask floods, a hostile toJSON, Atomics.wait", async () => {
    const results = await Promise.all([
      run("while (true) {}"),
      run("await new Promise(() => { for (;;) {} })"),
      run("await null; for (;;) {}"),
      run("const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {})"),
      run("return { toJSON() { for (;;) {} } }"),
      run("Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return 'woke'"),
    ]);
    // The microtask flood allocates as it spins: it meets the memory limit or the time limit first.
    expect(results[3].error).toMatch(new RegExp(`^(${TIMEOUT}|${MEMORY})$`));
    expect(results.filter((_, index) => index !== 3)).toEqual(Array(5).fill({ error: TIMEOUT }));
  }, 120_000);

  it("stops memory bombs", async () => {
    const results = await Promise.all([
      run("const keep = []; for (;;) keep.push(new Array(1e6).fill(1.5))"),
      run("let s = 'xxxxxxxx'; for (;;) s += s"),
      run("return new ArrayBuffer(2 ** 31).byteLength"),
      run("const m = new Map(); for (let i = 0; ; i++) m.set(i, { i })"),
    ]);
    for (const result of results) {
      expect(result.output, JSON.stringify(result)).toBeUndefined();
      expect(result.error).toEqual(expect.any(String));
    }
    // Under CPU contention a bomb may meet the time limit before the memory limit; either stops it.
    // A bomb that makes V8 abort takes the sandbox process (and the runs it held) down with it.
    const stopped = new RegExp(`^(${MEMORY}|${TIMEOUT}|RangeError: .+|${STOPPED.replace(/[()]/g, "\\$&")})$`);
    for (const result of results) expect(result.error).toMatch(stopped);
    // WebAssembly memory lives outside the isolate's heap, beyond its limit: it is not offered.
    // (Run alone: a bomb that takes the sandbox process down fails the runs it held.)
    const reserved = await run("return new WebAssembly.Memory({ initial: 65536 }).buffer.byteLength");
    expect(reserved).toEqual({ error: "ReferenceError: WebAssembly is not defined" });
    const filled = await run(
      "const m = new WebAssembly.Memory({ initial: 8192 }); new Uint8Array(m.buffer).fill(1); return 1",
    );
    expect(filled).toEqual({ error: "ReferenceError: WebAssembly is not defined" });
    const shared = await run(
      "const keep = []; for (;;) { const s = new SharedArrayBuffer(2 ** 26); new Uint8Array(s).fill(1); keep.push(s) }",
    );
    expect(shared.error).toMatch(stopped);
  }, 120_000);

  it("survives a tool that makes V8 abort the sandbox process, and runs the next tool", async () => {
    const crashed = await run("return 'x'.repeat(200 * 1024 * 1024).split('').length");
    expect(crashed.error).toEqual(expect.any(String));
    const after = await run("return 6 * 7");
    expect(after).toEqual({ output: "42", durationMs: expect.any(Number) });
  }, 120_000);

  it("is alive and correct after all of it", async () => {
    expect((await api("/api/v1/ping")).status).toBe(200);
    expect(await run("return $city + '!'", { city: "Oslo" })).toEqual({
      output: "Oslo!",
      durationMs: expect.any(Number),
    });
  });
});
