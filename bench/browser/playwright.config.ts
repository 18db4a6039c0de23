import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

// Browser measurements (not tests): the e2e setup and browser, pointed at bench/browser.
export default defineConfig({
  ...base,
  testDir: ".",
  globalSetup: "../../e2e/global-setup.ts",
});
