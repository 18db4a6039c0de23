import path from "node:path";
import { defineConfig } from "vitest/config";

// Benchmarks, never part of `npm test`: `npx next build && npx vitest run --config bench/vitest.config.mts`.
const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: {
    alias: { "@": root, "server-only": path.join(root, "test/support/empty-module.ts") },
  },
  test: {
    include: ["bench/**/*.perf.ts"],
    environment: "node",
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
