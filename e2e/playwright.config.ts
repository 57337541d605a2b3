import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./stack/chromium.ts";
import { baseURL as targetBaseURL } from "./stack/target.ts";

// The storefront: the suite's own stack, or the running deployment E2E_BASE_URL names (QA mode).
const baseURL = targetBaseURL();

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./stack/global-setup.ts",
  // Two cores: two workers share the machine with the API, PostgreSQL and the storefront.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTimeout: 14 * 60_000,
  reporter: [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  outputDir: "test-results",
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/London",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
});
