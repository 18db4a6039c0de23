import { defineConfig } from "@playwright/test";

// End-to-end tests in Debian's Chromium (Playwright's own browser download cannot work here). The
// global setup starts the production build on a free port and hands its URL to the workers through
// the environment; run `next build` first.
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "line" : "list",
  outputDir: "test-results/e2e",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
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
