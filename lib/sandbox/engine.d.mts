export interface SandboxJob {
  func: string;
  input: Record<string, unknown>;
  vars?: Record<string, string>;
  flow?: { chatflowId?: string; chatId?: string; sessionId?: string };
  timeoutMs: number;
  memoryMb: number;
}

export type SandboxResult =
  { ok: true; output: string; durationMs: number } | { ok: false; error: string; durationMs: number };

export interface SandboxEngineOptions {
  /** Hosts `fetch` may reach: exact `URL.host` values such as `api.example.com` or `127.0.0.1:8080`. */
  allowHosts?: string[];
  /** Idle isolates kept per memory limit for reuse (default 4; 0 = a new isolate for every run). */
  maxIdle?: number;
  fetchImpl?: typeof fetch;
  /** isolated-vm's "V8 lost control of an isolate" callback: the process should stop soon after. */
  onCatastrophicError?: (message: string) => void;
}

export interface SandboxEngineStats {
  created: number;
  reused: number;
  disposed: number;
  idle: number;
}

export interface SandboxEngine {
  run(job: SandboxJob, signal?: AbortSignal): Promise<SandboxResult>;
  close(): void;
  stats(): SandboxEngineStats;
}

export function createSandboxEngine(options?: SandboxEngineOptions): SandboxEngine;
