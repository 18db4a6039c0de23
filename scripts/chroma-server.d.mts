import type { ChildProcess, StdioOptions } from "node:child_process";

export function freePort(): Promise<number>;
export function startChroma(options: {
  dataPath: string;
  port?: number;
  stdio?: StdioOptions;
}): Promise<{ url: string; child: ChildProcess; ready: Promise<void> }>;
