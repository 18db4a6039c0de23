// @ts-check
// Runs tool code in isolated-vm isolates. Plain JavaScript because it also runs as the entry of the
// sandbox child process (sandbox-process.mjs), which Node 20 cannot start from TypeScript; the
// types are in engine.d.mts.
//
// One run leases a whole isolate (so one tool's memory limit, runaway loop or crash never touches
// another run), gets a fresh context in it (so no state leaks between runs), and gives the isolate
// back to a small idle pool only when the run ended cleanly. A timeout, a cancellation, memory
// exhaustion, a still-pending fetch or a heap that stayed large all dispose the isolate instead.

import ivm from "isolated-vm";
import { createFetchBridge } from "./fetch-bridge.mjs";
import { sandboxMessages } from "./messages.mjs";
import { PRELUDE_SOURCE } from "./prelude.mjs";

const MIN_MEMORY_MB = 8; // isolated-vm's minimum
const MAX_OUTPUT_CHARS = 1_000_000;
const FETCH_MAX_BYTES = 2 * 1024 * 1024;
const FETCH_MAX_REQUESTS = 20;
const MAX_USES_PER_ISOLATE = 200;

/** @typedef {import("./engine.d.mts").SandboxJob} SandboxJob */
/** @typedef {import("./engine.d.mts").SandboxResult} SandboxResult */
/** @typedef {{ isolate: ivm.Isolate; prelude: ivm.Script; memoryMb: number; uses: number }} Slot */
/** @typedef {{ kind: "reply"; reply: unknown } | { kind: "error"; error: unknown } | { kind: "timeout" } | { kind: "cancelled" }} Outcome */

/** @param {import("./engine.d.mts").SandboxEngineOptions} [options] */
export function createSandboxEngine({ allowHosts = [], maxIdle = 4, fetchImpl, onCatastrophicError } = {}) {
  /** @type {Map<number, Slot[]>} */
  const idle = new Map();
  const counts = { created: 0, reused: 0, disposed: 0 };
  let closed = false;

  /** @param {number} memoryMb @returns {Promise<Slot>} */
  async function lease(memoryMb) {
    const shelf = idle.get(memoryMb);
    for (let slot = shelf?.pop(); slot; slot = shelf?.pop()) {
      if (!slot.isolate.isDisposed) {
        counts.reused += 1;
        return slot;
      }
    }
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb, onCatastrophicError });
    try {
      const prelude = await isolate.compileScript(PRELUDE_SOURCE, { filename: "sandbox-prelude.js" });
      counts.created += 1;
      return { isolate, prelude, memoryMb, uses: 0 };
    } catch (error) {
      disposeIsolate(isolate);
      throw error;
    }
  }

  /** @param {Slot} slot */
  function giveBack(slot) {
    slot.uses += 1;
    const shelf = idle.get(slot.memoryMb) ?? [];
    if (closed || slot.uses >= MAX_USES_PER_ISOLATE || shelf.length >= maxIdle || !isSmall(slot)) {
      discard(slot);
      return;
    }
    shelf.push(slot);
    idle.set(slot.memoryMb, shelf);
  }

  /** A heap that is still large after the run would shrink the next run's budget. */
  /** @param {Slot} slot */
  function isSmall(slot) {
    if (slot.isolate.isDisposed) return false;
    try {
      const heap = slot.isolate.getHeapStatisticsSync();
      return heap.used_heap_size + heap.externally_allocated_size < (slot.memoryMb * 1024 * 1024) / 2;
    } catch {
      return false;
    }
  }

  /** @param {Slot} slot */
  function discard(slot) {
    disposeIsolate(slot.isolate);
  }

  /** @param {ivm.Isolate} isolate */
  function disposeIsolate(isolate) {
    if (isolate.isDisposed) return;
    try {
      isolate.dispose();
      counts.disposed += 1;
    } catch {
      // already gone
    }
  }

  /**
   * @param {SandboxJob} job
   * @param {AbortSignal} [signal]
   * @returns {Promise<SandboxResult>}
   */
  async function run(job, signal) {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
    const timeoutMs = Math.max(1, Math.floor(job.timeoutMs));
    const memoryMb = Math.max(MIN_MEMORY_MB, Math.floor(job.memoryMb));
    if (closed) return { ok: false, error: "The sandbox is shut down", durationMs: 0 };
    if (signal?.aborted) return { ok: false, error: sandboxMessages.cancelled, durationMs: 0 };
    if (typeof job.func !== "string") return { ok: false, error: "func must be a string", durationMs: 0 };

    /** @type {ivm.Copy<unknown>} */
    let args;
    try {
      args = new ivm.ExternalCopy({
        input: job.input ?? {},
        vars: job.vars ?? {},
        flow: job.flow ?? {},
        maxOutputChars: MAX_OUTPUT_CHARS,
      }).copyInto({ release: true });
    } catch (error) {
      return { ok: false, error: sandboxMessages.inputNotCopyable(messageOf(error)), durationMs: elapsed() };
    }

    /** @type {Slot} */
    let slot;
    try {
      slot = await lease(memoryMb);
    } catch (error) {
      return { ok: false, error: `The sandbox could not start: ${messageOf(error)}`, durationMs: elapsed() };
    }

    const bridge = createFetchBridge({
      allowHosts,
      maxBytes: FETCH_MAX_BYTES,
      maxRequests: FETCH_MAX_REQUESTS,
      timeoutMs,
      fetchImpl,
    });
    /** @type {{ release(): void }[]} */
    const handles = [];

    /** @type {Outcome} */
    const outcome = await new Promise((resolve) => {
      let done = false;
      /** @param {Outcome} value */
      const settle = (value) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve(value);
      };
      // isolated-vm's own `timeout` covers synchronous CPU only; this timer also covers awaits.
      const timer = setTimeout(() => settle({ kind: "timeout" }), timeoutMs);
      const onAbort = () => settle({ kind: "cancelled" });
      signal?.addEventListener("abort", onAbort, { once: true });
      if (signal?.aborted) onAbort(); // aborted while the isolate was being prepared
      execute(slot, job.func, args, bridge, handles, timeoutMs).then(
        (reply) => settle({ kind: "reply", reply }),
        (error) => settle({ kind: "error", error }),
      );
    });

    const wasDisposed = slot.isolate.isDisposed; // only memory exhaustion disposes it behind our back
    const verdict = interpret(outcome, wasDisposed, timeoutMs, memoryMb);
    if (!verdict.reusable) disposeIsolate(slot.isolate);
    bridge.close();
    for (const handle of handles) {
      try {
        handle.release();
      } catch {
        // the isolate is gone, and its handles with it
      }
    }
    if (verdict.reusable && bridge.pending === 0) giveBack(slot);
    else discard(slot);
    const durationMs = elapsed();
    return verdict.ok
      ? { ok: true, output: verdict.output, durationMs }
      : { ok: false, error: verdict.error, durationMs };
  }

  function close() {
    closed = true;
    for (const shelf of idle.values()) shelf.splice(0).forEach(discard);
  }

  return {
    run,
    close,
    /** Isolates created, reused and disposed so far, and how many are idle (for tests and benchmarks). */
    stats: () => ({ ...counts, idle: [...idle.values()].reduce((sum, shelf) => sum + shelf.length, 0) }),
  };
}

/**
 * @param {Slot} slot
 * @param {string} func
 * @param {ivm.Copy<unknown>} args
 * @param {import("./fetch-bridge.d.mts").FetchBridge} bridge
 * @param {{ release(): void }[]} handles
 * @param {number} timeoutMs
 */
async function execute(slot, func, args, bridge, handles, timeoutMs) {
  const context = await slot.isolate.createContext();
  handles.push(context);
  const runInContext = await slot.prelude.run(context, { reference: true, timeout: timeoutMs });
  handles.push(runInContext);
  const bridgeReference = new ivm.Reference(bridge.call);
  handles.push(bridgeReference);
  return runInContext.apply(undefined, [func, args, bridgeReference], {
    result: { promise: true, copy: true },
    timeout: timeoutMs,
  });
}

/**
 * @param {Outcome} outcome
 * @param {boolean} wasDisposed
 * @param {number} timeoutMs
 * @param {number} memoryMb
 * @returns {{ ok: true; output: string; reusable: boolean } | { ok: false; error: string; reusable: boolean }}
 */
function interpret(outcome, wasDisposed, timeoutMs, memoryMb) {
  switch (outcome.kind) {
    case "timeout":
      return { ok: false, error: sandboxMessages.timeout(timeoutMs), reusable: false };
    case "cancelled":
      return { ok: false, error: sandboxMessages.cancelled, reusable: false };
    case "reply": {
      const reply = outcome.reply;
      if (!Array.isArray(reply) || typeof reply[0] !== "boolean" || typeof reply[1] !== "string") {
        return { ok: false, error: "The tool returned a result the sandbox cannot read", reusable: false };
      }
      if (reply[0]) return { ok: true, output: reply[1], reusable: true };
      if (/Array buffer allocation failed/.test(reply[1])) {
        return { ok: false, error: sandboxMessages.memory(memoryMb), reusable: false };
      }
      return { ok: false, error: reply[1], reusable: true };
    }
    case "error": {
      const message = messageOf(outcome.error);
      if (wasDisposed || /memory limit/i.test(message)) {
        return { ok: false, error: sandboxMessages.memory(memoryMb), reusable: false };
      }
      if (/Script execution timed out/.test(message)) {
        return { ok: false, error: sandboxMessages.timeout(timeoutMs), reusable: false };
      }
      return { ok: false, error: `Sandbox error: ${message}`, reusable: false };
    }
  }
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
