import { afterAll, describe, expect, it, vi } from "vitest";
import { createToolRunner, runToolFunction, type ToolRunner } from "./index";

// Runs that hit limits take seconds, more when the shared machine is busy.
vi.setConfig({ testTimeout: 30_000 });

// Every behaviour holds in both isolation modes: isolates in the sandbox child process (the
// default) and isolates in this process (hosted mode).
describe.each(["process", "in-process"] as const)("sandbox (%s)", (isolation) => {
  const runner: ToolRunner = createToolRunner({ isolation, timeoutMs: 5_000 });
  afterAll(() => runner.close());
  const run = (func: string, input: Record<string, unknown> = {}, extra: object = {}) =>
    runner.run({ func, input, ...extra });

  it("puts each argument in scope as $name and returns the string", async () => {
    const result = await run("return `${$city} is ${$degrees} degrees`", { city: "Paris", degrees: 21 });
    expect(result).toEqual({ ok: true, output: "Paris is 21 degrees", durationMs: expect.any(Number) });
  });

  it("passes the whole input as $input, and $vars and $flow", async () => {
    const result = await run(
      "return [$input, $vars.REGION, $flow.chatflowId, $flow.chatId, $flow.sessionId]",
      { a: 1, "not-an-identifier": 2 },
      { vars: { REGION: "eu" }, flow: { chatflowId: "cf", chatId: "chat", sessionId: "s" } },
    );
    expect(result).toMatchObject({
      ok: true,
      output: JSON.stringify([{ a: 1, "not-an-identifier": 2 }, "eu", "cf", "chat", "s"]),
    });
  });

  it("only binds inputs whose names are identifiers, and never over $input/$vars/$flow", async () => {
    const result = await run(
      "return [typeof $a, typeof globalThis['$not-valid'], $input.input, typeof $vars, typeof $flow].join(',')",
      { a: 1, "not-valid": 2, input: "shadow?", vars: "x", flow: "y" },
    );
    expect(result).toMatchObject({ ok: true, output: "number,undefined,shadow?,object,object" });
  });

  it("runs a whole async arrow function with $input as its first parameter", async () => {
    const result = await run("async ({ a, b }) => a * b", { a: 6, b: 7 });
    expect(result).toMatchObject({ ok: true, output: "42" });
  });

  it("runs a whole async function expression, named or not", async () => {
    expect(await run("async function main(input) { return input.q + '!' }", { q: "hi" })).toMatchObject({
      ok: true,
      output: "hi!",
    });
    expect(await run("async function (input) { return $q.toUpperCase() }", { q: "hi" })).toMatchObject({
      ok: true,
      output: "HI",
    });
  });

  it("treats a body that merely starts with a function declaration as a body", async () => {
    const result = await run("function double(x) { return x * 2 }\nreturn double($n)", { n: 4 });
    expect(result).toMatchObject({ ok: true, output: "8" });
  });

  it("JSON-stringifies non-string results; undefined becomes an empty string", async () => {
    expect(await run("return { a: [1, 'x'] }")).toMatchObject({ ok: true, output: '{"a":[1,"x"]}' });
    expect(await run("return 3.5")).toMatchObject({ ok: true, output: "3.5" });
    expect(await run("return true")).toMatchObject({ ok: true, output: "true" });
    expect(await run("return null")).toMatchObject({ ok: true, output: "null" });
    expect(await run("return 12n")).toMatchObject({ ok: true, output: "12" });
    expect(await run("const x = 1")).toMatchObject({ ok: true, output: "" });
  });

  it("reports a thrown error by its message", async () => {
    expect(await run("throw new Error('city not found')")).toMatchObject({
      ok: false,
      error: "city not found",
    });
    expect(await run("throw 'plain string'")).toMatchObject({ ok: false, error: "plain string" });
    expect(await run("null.x")).toMatchObject({
      ok: false,
      error: "TypeError: Cannot read properties of null (reading 'x')",
    });
    expect(await run("return {")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^SyntaxError: /),
    });
  });

  it("has no require, process, module loading or file system", async () => {
    expect(await run("return require('fs').readFileSync('/etc/passwd', 'utf8')")).toMatchObject({
      ok: false,
      error: "ReferenceError: require is not defined",
    });
    expect(await run("return process.env")).toMatchObject({
      ok: false,
      error: "ReferenceError: process is not defined",
    });
    expect(
      await run("const fs = await import('node:fs'); return fs.readFileSync('/etc/passwd', 'utf8')"),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await run(
        "return [typeof require, typeof process, typeof module, typeof Buffer, typeof setTimeout].join()",
      ),
    ).toMatchObject({ ok: true, output: "undefined,undefined,undefined,undefined,undefined" });
  });

  it("refuses fetch to a host that is not allowed (none are by default)", async () => {
    const result = await run("const r = await fetch('https://example.com/'); return r.status");
    expect(result).toMatchObject({
      ok: false,
      error: "TypeError: fetch: host example.com is not allowed (TOOL_FETCH_ALLOW)",
    });
  });

  it("ignores console output instead of failing", async () => {
    expect(await run("console.log('a', {b: 1}); console.error(new Error('x')); return 'done'")).toMatchObject(
      {
        ok: true,
        output: "done",
      },
    );
  });

  it("stops an infinite loop at the time limit", async () => {
    const started = performance.now();
    const result = await run("while (true) {}", {}, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: "Tool timed out after 300 ms" });
    // Generous: the 2 cores of this machine are shared with other work.
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it("stops a loop that starts after an await", async () => {
    const result = await run("await null; for (;;) {}", {}, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: "Tool timed out after 300 ms" });
  });

  it("stops a promise that never resolves at the time limit", async () => {
    const started = performance.now();
    const result = await run("await new Promise(() => {})", {}, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: "Tool timed out after 300 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(300);
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it("stops a 200 MB allocation with the memory message", async () => {
    const result = await run(
      "const a = new Array(25e6).fill(1.5); return a.length",
      {},
      { timeoutMs: 10_000 },
    );
    expect(result).toMatchObject({ ok: false, error: "Tool exceeded its 64 MB memory limit" });
    const buffer = await run("return new Uint8Array(200 * 1024 * 1024).length");
    expect(buffer).toMatchObject({ ok: false, error: "Tool exceeded its 64 MB memory limit" });
    expect(await run("return 'still serving'")).toMatchObject({ ok: true, output: "still serving" });
  });

  it("honours a smaller per-run memory limit", async () => {
    const result = await run(
      "const a = []; for (;;) a.push({ n: a.length })",
      {},
      { memoryMb: 16, timeoutMs: 10_000 },
    );
    expect(result).toMatchObject({ ok: false, error: "Tool exceeded its 16 MB memory limit" });
  });

  it("refuses output longer than a million characters", async () => {
    expect(await run("return 'x'.repeat(1_000_001)")).toMatchObject({
      ok: false,
      error: "Tool output is longer than 1000000 characters",
    });
  });

  it("cancels a run when its signal aborts", async () => {
    const controller = new AbortController();
    const pending = run("await new Promise(() => {})", {}, { signal: controller.signal, timeoutMs: 5_000 });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, error: "Tool run was cancelled" });
  });

  it("answers 50 concurrent runs, each with its own result", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => run("return `run ${$index}: ${$index * $index}`", { index })),
    );
    expect(results.map((result) => (result.ok ? result.output : result.error))).toEqual(
      Array.from({ length: 50 }, (_, index) => `run ${index}: ${index * index}`),
    );
  });

  it("keeps a slow run from blocking the others", async () => {
    const slow = run("for (;;) {}", {}, { timeoutMs: 4_000 });
    const started = performance.now();
    expect(await run("return 'quick'")).toMatchObject({ ok: true, output: "quick" });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await slow).toMatchObject({ ok: false });
  });

  describe("escape attempts", () => {
    it("cannot reach the host through constructors", async () => {
      for (const attempt of [
        "return this.constructor.constructor('return process')()",
        "return $input.constructor.constructor('return process')()",
        "return fetch.constructor('return process')()",
        "return (async () => {}).constructor('return process')()",
      ]) {
        const result = await run(attempt, { x: 1 });
        expect(result.ok ? result.output : result.error).toMatch(/process is not defined|^$/);
      }
    });

    it("cannot see the host's globals", async () => {
      const result = await run(
        "return Object.getOwnPropertyNames(globalThis).filter((n) => /^(process|require|module|Buffer|global|ivm)$|^__/.test(n)).join()",
      );
      expect(result).toMatchObject({ ok: true, output: "" });
    });

    it("cannot pollute prototypes of the host or of later runs", async () => {
      const polluted = await run(
        "Object.prototype.polluted = 'yes'; Array.prototype.push = () => 0; JSON.stringify = () => 'hacked'; String.prototype.trim = () => 'x'; return {}",
      );
      expect(polluted).toMatchObject({ ok: true, output: "{}" });
      expect(({} as { polluted?: string }).polluted).toBeUndefined();
      expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
      for (let index = 0; index < 3; index++) {
        expect(await run("return [typeof ({}).polluted, [1].push(2), ' a '.trim()]")).toMatchObject({
          ok: true,
          output: '["undefined",2,"a"]',
        });
      }
    });

    it("cannot get at the fetch bridge through stack frames", async () => {
      const result = await run(
        "Error.prepareStackTrace = (e, frames) => frames.map((f) => typeof f.getFunction()).join(); try { await fetch(1, { headers: 5 }) } catch (e) { return String(e.stack) }",
      );
      expect(result.ok ? result.output : result.error).not.toContain("object");
    });

    it("cannot pass functions back to the host", async () => {
      expect(await run("return { toJSON() { return () => 1 } }")).toMatchObject({ ok: true, output: "" });
    });
  });
});

describe("runToolFunction", () => {
  it("uses the deployment's defaults: 64 MB, no fetch hosts", async () => {
    expect(await runToolFunction({ func: "return $a + $b", input: { a: 2, b: 3 } })).toMatchObject({
      ok: true,
      output: "5",
    });
    expect(
      await runToolFunction({ func: "return new Array(25e6).fill(1.5).length", input: {} }),
    ).toMatchObject({ ok: false, error: "Tool exceeded its 64 MB memory limit" });
  });

  it("refuses input that cannot be copied into the sandbox", async () => {
    const result = await runToolFunction({ func: "return 1", input: { callback: () => 1 } });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^Tool input cannot be copied/) });
  });
});

describe("sandbox process", () => {
  it("survives a tool that makes V8 abort: the run fails, the app lives, the next run works", async () => {
    const runner = createToolRunner({ timeoutMs: 10_000 });
    try {
      expect(await runner.run({ func: "return 1", input: {} })).toMatchObject({ ok: true, output: "1" });
      const firstPid = runner.processId;
      // Splitting 200 M characters asks V8 for an array larger than it can hold: a fatal error that
      // aborts the whole process (crbug.com/1201626), which only a separate process can contain.
      const crash = await runner.run({
        func: "return 'x'.repeat(200 * 1024 * 1024).split('').length",
        input: {},
      });
      expect(crash).toMatchObject({
        ok: false,
        error: "The sandbox process stopped while the tool was running (it restarts by itself)",
      });
      expect(await runner.run({ func: "return 'back'", input: {} })).toMatchObject({
        ok: true,
        output: "back",
      });
      expect(runner.processId).not.toBe(firstPid);
    } finally {
      runner.close();
    }
  });

  it("fails the runs a killed sandbox process held, then starts a new one", async () => {
    const runner = createToolRunner({ timeoutMs: 10_000 });
    try {
      await runner.run({ func: "return 1", input: {} });
      const pending = runner.run({ func: "await new Promise(() => {})", input: {} });
      await new Promise((resolve) => setTimeout(resolve, 100));
      process.kill(runner.processId!, "SIGKILL");
      expect(await pending).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^The sandbox process stopped/),
      });
      expect(await runner.run({ func: "return 2", input: {} })).toMatchObject({ ok: true, output: "2" });
    } finally {
      runner.close();
    }
  });
});
