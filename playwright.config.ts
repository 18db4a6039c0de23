import { defineConfig } from "@playwright/test";

// End-to-end tests in Debian's Chromium (Playwright's own browser download cannot work here). The
// global setup starts the production build on a free port, with a fresh database, Chroma and the
// mock OpenAI-compatible server, and hands the URLs to the workers through the environment
// (E2E_BASE_URL, E2E_MOCK_URL); run `next build` first.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? "line" : "list",
  outputDir: "test-results/e2e",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 20_000,
    navigationTimeout: 60_000,
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
