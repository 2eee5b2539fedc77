// Playwright specs against the real `dastyar` binary serving the built web app
// (server.ts starts it), in Debian's Chromium driven by playwright-core
// (fixtures.ts launches it). Run with `make e2e`.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  globalSetup: "./server.ts",
  outputDir: "artifacts/results",
  // One browser at a time: steady on a two-core machine.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
});
