// Playwright's global setup: starts the whole stack once for the run and hands Playwright the
// function that stops it again (run after the last test, also when tests fail or the run is
// interrupted). With E2E_BASE_URL and E2E_API_URL set, the suite uses that stack instead (and
// E2E_MAIL_URL for its mail catcher, default the stack's own port).
import type { FullConfig } from "@playwright/test";
import { startStack } from "./stack.ts";

export default async function globalSetup(_config: FullConfig) {
  if (process.env.E2E_BASE_URL && process.env.E2E_API_URL) {
    console.log(
      `[stack] using the running stack at ${process.env.E2E_BASE_URL} (API ${process.env.E2E_API_URL})`,
    );
    return;
  }
  const stack = await startStack();
  // Workers start after global setup and inherit the environment.
  process.env.E2E_API_URL = stack.apiURL;
  process.env.E2E_MAIL_URL = stack.mailURL;
  return stack.stop;
}
