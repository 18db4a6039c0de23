import { defineConfig } from "@playwright/test";

// Browser tests against the production build (run `npx next build` first; `scripts/start.mjs`
// builds once if there is none). The global setup starts the app, a mock OpenAI-compatible server
// and Chroma, and publishes the app's URL in E2E_BASE_URL, which the worker processes inherit.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: "test-results/e2e",
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 20_000,
    navigationTimeout: 60_000,
    launchOptions: {
      // Debian's chromium: Playwright's own browser download cannot be reached here.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
