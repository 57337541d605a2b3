// Playwright's global setup: starts the whole stack once for the run and hands Playwright the
// function that stops it again (run after the last test, also when tests fail or the run is
// interrupted). With E2E_BASE_URL and E2E_API_URL set, the suite runs against that deployment
// instead and starts nothing (QA mode, see stack/target.ts and the README).
import type { FullConfig } from "@playwright/test";
import { startStack } from "./stack.ts";
import { backofficeURL, mailURL, markOwnStack, runningDeploymentRequested } from "./target.ts";

export default async function globalSetup(_config: FullConfig) {
  if (runningDeploymentRequested()) {
    if (!process.env.E2E_BASE_URL || !process.env.E2E_API_URL) {
      throw new Error(
        "a running deployment needs both E2E_BASE_URL (the storefront) and E2E_API_URL (the API); unset both to start the suite's own stack",
      );
    }
    const mail = mailURL();
    console.log(
      `[stack] using the running deployment: storefront ${process.env.E2E_BASE_URL}, API ${process.env.E2E_API_URL}, back office ${backofficeURL()}, ${mail ? `mail catcher ${mail}` : "no mail catcher (E2E_MAIL_URL unset: the specs that read e-mails are skipped)"}`,
    );
    return;
  }
  const stack = await startStack();
  // Workers start after global setup and inherit the environment.
  markOwnStack(stack);
  return stack.stop;
}
