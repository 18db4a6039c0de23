import { describe, expect, it } from "vitest";
import { createToolRunner, type ToolRunner } from "./index";

// Measures what a tool call costs, seen from the caller (IPC to the sandbox process included).
// The numbers are printed, not asserted: this machine's 2 cores are shared with other work.
// Cold = the run creates its isolate (no idle one to reuse); warm = it reuses an idle isolate.

const FUNC = "return `${$city}: ${$n * 2}`";

async function timeCalls(runner: ToolRunner, count: number): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const result = await runner.run({ func: FUNC, input: { city: "Oslo", n: index } });
    durations.push(performance.now() - started);
    expect(result).toMatchObject({ ok: true, output: `Oslo: ${index * 2}` });
  }
  return durations;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const summary = (values: number[]) =>
  `p50 ${percentile(values, 0.5).toFixed(2)} ms, p99 ${percentile(values, 0.99).toFixed(2)} ms (n=${values.length})`;

describe.each(["process", "in-process"] as const)("sandbox latency (%s)", (isolation) => {
  it("measures cold and warm calls and 50 concurrent calls", { timeout: 60_000 }, async () => {
    const cold = createToolRunner({ isolation, maxIdleIsolates: 0 });
    const warm = createToolRunner({ isolation });
    try {
      const firstStarted = performance.now();
      await timeCalls(cold, 1); // starts the sandbox process in "process" mode
      const first = performance.now() - firstStarted;
      await timeCalls(cold, 20); // let the JIT settle before measuring
      const coldCalls = await timeCalls(cold, 200);

      await timeCalls(warm, 20);
      const warmCalls = await timeCalls(warm, 500);

      const concurrentStarted = performance.now();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, n) => warm.run({ func: FUNC, input: { city: "Rome", n } })),
      );
      const concurrent = performance.now() - concurrentStarted;
      expect(results.every((result, n) => result.ok && result.output === `Rome: ${n * 2}`)).toBe(true);

      console.info(
        [
          `sandbox latency (${isolation})`,
          `  first call (starts ${isolation === "process" ? "the sandbox process and " : ""}an isolate): ${first.toFixed(1)} ms`,
          `  cold call: ${summary(coldCalls)}`,
          `  warm call: ${summary(warmCalls)}`,
          `  50 concurrent calls: ${concurrent.toFixed(1)} ms wall`,
        ].join("\n"),
      );
    } finally {
      cold.close();
      warm.close();
    }
  });
});
