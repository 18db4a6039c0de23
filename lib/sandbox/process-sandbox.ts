import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import { log } from "@/lib/log";
import type { SandboxJob, SandboxResult } from "./engine.mjs";
import { sandboxMessages } from "./messages.mjs";

// The app side of the sandbox child process (sandbox-process.mjs explains why it exists). One child
// serves every run; if it dies, the runs it held fail with a clear error and the next run starts a
// new child. The child enforces each run's time limit itself; the timer here only catches a child
// that stopped answering altogether.

const GRACE_MS = 3_000;
const START_TIMEOUT_MS = 15_000;
const STDERR_LINES_LOGGED = 20;

type RunOutcome = { ok: true; output: string } | { ok: false; error: string };

interface PendingRun {
  child: ChildProcess;
  finish(outcome: RunOutcome, durationMs?: number): void;
}

export interface ProcessSandbox {
  run(job: SandboxJob, signal?: AbortSignal): Promise<SandboxResult>;
  close(): void;
  /** The child's pid, for tests that check that the app survives its death. */
  readonly pid: number | undefined;
}

export interface ProcessSandboxOptions {
  entry: string;
  allowHosts: string[];
  maxIdle?: number;
}

export function createProcessSandbox({ entry, allowHosts, maxIdle }: ProcessSandboxOptions): ProcessSandbox {
  let current: { child: ChildProcess; ready: Promise<boolean> } | null = null;
  const pending = new Map<string, PendingRun>();
  let sequence = 0;
  let closed = false;

  function start() {
    const child = fork(entry, [JSON.stringify({ allowHosts, maxIdle })], {
      // isolated-vm asks for --no-node-snapshot on Node 20+. No environment: tool code cannot read
      // it anyway, and the child then holds no secret at all.
      execArgv: ["--no-node-snapshot"],
      env: {} as NodeJS.ProcessEnv,
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderrLines = 0;
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderrLines++ < STDERR_LINES_LOGGED)
        log.warn("sandbox process stderr", { pid: child.pid, text: chunk.slice(0, 2000) });
    });
    const ready = new Promise<boolean>((resolve) => {
      // Also keeps the event loop alive while the (unref'd) child starts.
      const tooSlow = setTimeout(() => {
        log.error("sandbox process did not start in time", { pid: child.pid });
        child.kill("SIGKILL");
      }, START_TIMEOUT_MS);
      child.once("exit", () => clearTimeout(tooSlow));
      child.on("message", (message: { type?: string; id?: string; result?: SandboxResult }) => {
        if (message?.type === "ready") {
          clearTimeout(tooSlow);
          resolve(true);
        } else if (message?.type === "result" && message.id && message.result) {
          const { durationMs, ...outcome } = message.result;
          pending.get(message.id)?.finish(outcome as RunOutcome, durationMs);
        }
      });
      child.once("exit", () => resolve(false));
    });
    child.on("error", (error) => log.error("sandbox process error", { pid: child.pid, error }));
    child.once("exit", (code, signal) => {
      if (current?.child === child) current = null;
      const lost = [...pending.values()].filter((run) => run.child === child);
      if (!closed)
        log.warn("sandbox process exited", { pid: child.pid, code, signal, runsLost: lost.length });
      for (const run of lost) run.finish({ ok: false, error: sandboxMessages.processStopped });
    });
    // The child must not keep the app (or a test runner) alive on its own.
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    return { child, ready };
  }

  async function run(job: SandboxJob, signal?: AbortSignal): Promise<SandboxResult> {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
    if (closed) return { ok: false, error: "The sandbox is shut down", durationMs: 0 };
    current ??= start();
    const { child, ready } = current;
    if (!(await ready)) return { ok: false, error: sandboxMessages.processStopped, durationMs: elapsed() };

    const id = String(++sequence);
    return new Promise<SandboxResult>((resolve) => {
      const finish: PendingRun["finish"] = (outcome, durationMs) => {
        if (!pending.delete(id)) return;
        clearTimeout(backstop);
        signal?.removeEventListener("abort", onAbort);
        resolve({ ...outcome, durationMs: durationMs ?? elapsed() });
      };
      const onAbort = () => {
        send(child, { type: "cancel", id });
        finish({ ok: false, error: sandboxMessages.cancelled });
      };
      const backstop = setTimeout(() => {
        log.error("sandbox process stopped answering; restarting it", { pid: child.pid });
        finish({ ok: false, error: sandboxMessages.timeout(job.timeoutMs) });
        // The next run starts a new child at once rather than reaching this one before it exits.
        if (current?.child === child) current = null;
        child.kill("SIGKILL");
      }, job.timeoutMs + GRACE_MS);
      pending.set(id, { child, finish });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        child.send({ type: "run", id, job }, (error) => {
          if (error) finish({ ok: false, error: sandboxMessages.processStopped });
        });
      } catch (error) {
        // The structured-clone serializer refuses functions, symbols and the like in the input.
        finish({
          ok: false,
          error: sandboxMessages.inputNotCopyable(error instanceof Error ? error.message : String(error)),
        });
      }
    });
  }

  return {
    run,
    close() {
      closed = true;
      current?.child.kill();
      current = null;
    },
    get pid() {
      return current?.child.pid;
    },
  };
}

function send(child: ChildProcess, message: unknown) {
  if (child.connected) child.send(message as object, (error) => error && undefined);
}
