import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { env, isHosted } from "@/lib/env";
import { log } from "@/lib/log";
import type { SandboxEngine, SandboxJob, SandboxResult } from "./engine.mjs";
import { sandboxMessages } from "./messages.mjs";
import { createProcessSandbox, type ProcessSandbox } from "./process-sandbox";
import { createSemaphore } from "./semaphore";

// The only place user code runs. `runToolFunction` runs a tool's `func` in an isolated-vm isolate,
// inside a child process (see sandbox-process.mjs for why), with a memory cap and a time limit.

export interface ToolRunInput {
  func: string;
  input: Record<string, unknown>;
  vars?: Record<string, string>;
  flow?: { chatflowId?: string; chatId?: string; sessionId?: string };
  timeoutMs?: number;
  memoryMb?: number;
  signal?: AbortSignal;
}

export type ToolRunResult =
  { ok: true; output: string; durationMs: number } | { ok: false; error: string; durationMs: number };

export interface ToolRunnerOptions {
  /** Hosts `fetch` may reach: exact `URL.host` values (`api.example.com`, `127.0.0.1:8080`). */
  allowHosts?: string[];
  timeoutMs?: number;
  memoryMb?: number;
  /** "process" (default): isolates live in a child process. "in-process": in this one (hosted mode). */
  isolation?: "process" | "in-process";
  /** Idle isolates kept for reuse (default 4; 0 makes every run start a new isolate). */
  maxIdleIsolates?: number;
  /** Runs executing at once; more wait their turn (the time limit starts when a run starts). */
  maxConcurrent?: number;
}

export interface ToolRunner {
  run(input: ToolRunInput): Promise<ToolRunResult>;
  close(): void;
  /** The sandbox child's pid when isolation is "process" and it is running. */
  readonly processId: number | undefined;
}

const MAX_CONCURRENT_RUNS = 16;
const CHILD_ENTRY = path.join(process.cwd(), "lib", "sandbox", "sandbox-process.mjs");

export function createToolRunner(options: ToolRunnerOptions = {}): ToolRunner {
  const allowHosts = (options.allowHosts ?? []).map((host) => host.trim().toLowerCase()).filter(Boolean);
  const defaults = { timeoutMs: options.timeoutMs ?? 10_000, memoryMb: options.memoryMb ?? 64 };
  const slots = createSemaphore(options.maxConcurrent ?? MAX_CONCURRENT_RUNS);
  let child: ProcessSandbox | undefined;
  let engine: Promise<SandboxEngine> | undefined;

  let isolation = options.isolation ?? "process";
  if (isolation === "process" && !existsSync(CHILD_ENTRY)) {
    log.warn("sandbox process entry not found; running tools in the app process", { entry: CHILD_ENTRY });
    isolation = "in-process";
  }

  function execute(job: SandboxJob, signal?: AbortSignal): Promise<SandboxResult> {
    if (isolation === "process") {
      child ??= createProcessSandbox({ entry: CHILD_ENTRY, allowHosts, maxIdle: options.maxIdleIsolates });
      return child.run(job, signal);
    }
    engine ??= import("./engine.mjs").then(({ createSandboxEngine }) =>
      createSandboxEngine({
        allowHosts,
        maxIdle: options.maxIdleIsolates,
        onCatastrophicError: (message) => log.error("isolated-vm catastrophic error", { message }),
      }),
    );
    return engine.then((ready) => ready.run(job, signal));
  }

  async function run(input: ToolRunInput): Promise<ToolRunResult> {
    const release = await slots.acquire(input.signal);
    if (!release) return { ok: false, error: sandboxMessages.cancelled, durationMs: 0 };
    try {
      return await execute(
        {
          func: input.func,
          input: input.input ?? {},
          vars: input.vars ?? {},
          flow: input.flow ?? {},
          timeoutMs: input.timeoutMs ?? defaults.timeoutMs,
          memoryMb: input.memoryMb ?? defaults.memoryMb,
        },
        input.signal,
      );
    } finally {
      release();
    }
  }

  return {
    run,
    close() {
      child?.close();
      void engine?.then((ready) => ready.close());
    },
    get processId() {
      return child?.pid;
    },
  };
}

// One runner per process, kept on globalThis so that dev-server reloads do not start more children.
const holder = globalThis as typeof globalThis & { __chatflowToolRunner?: ToolRunner };

function defaultRunner(): ToolRunner {
  holder.__chatflowToolRunner ??= createToolRunner({
    allowHosts: env.TOOL_FETCH_ALLOW,
    timeoutMs: env.TOOL_TIMEOUT_MS,
    memoryMb: env.TOOL_MEMORY_MB,
    // Serverless functions may not start child processes.
    isolation: isHosted ? "in-process" : "process",
  });
  return holder.__chatflowToolRunner;
}

/**
 * Runs a tool's `func` (an async function body, or a whole async function expression) with the
 * input's entries as `$name`, plus `$input`, `$vars` and `$flow`. Never throws: a tool that throws,
 * times out or runs out of memory gives `{ ok: false, error }`.
 */
export async function runToolFunction(run: ToolRunInput): Promise<ToolRunResult> {
  return defaultRunner().run(run);
}
