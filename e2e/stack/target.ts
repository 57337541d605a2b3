// What the suite runs against: the stack it starts itself on throw-away data (stack.ts), or a
// deployment that is already running (QA mode), named by E2E_BASE_URL (the storefront) and
// E2E_API_URL, with E2E_BACKOFFICE_URL (default: the API's /admin/) and E2E_MAIL_URL (its mail
// catcher, if it has one). Global setup decides once and leaves its answer in the environment the
// workers inherit, so the config, the global setup and the specs all read it from here.
import { stackURLs } from "./stack.ts";

/** Set by global setup in the environment of the workers when it started the stack itself. */
const ownStackMarker = "E2E_OWN_STACK";

/** True when E2E_BASE_URL or E2E_API_URL names a running deployment (before global setup ran). */
export function runningDeploymentRequested(): boolean {
  return Boolean(process.env.E2E_BASE_URL || process.env.E2E_API_URL) && !ownStack();
}

/** True in the workers when the suite runs on the stack global setup started (throw-away data). */
export function ownStack(): boolean {
  return process.env[ownStackMarker] === "1";
}

/** Global setup's record that it started the stack, for the workers. */
export function markOwnStack(urls: { apiURL: string; backofficeURL: string; mailURL: string }) {
  process.env[ownStackMarker] = "1";
  process.env.E2E_API_URL = urls.apiURL;
  process.env.E2E_BACKOFFICE_URL = urls.backofficeURL;
  process.env.E2E_MAIL_URL = urls.mailURL;
}

function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}

function withoutSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The storefront's address (Playwright's baseURL). */
export function baseURL(): string {
  return withoutSlash(process.env.E2E_BASE_URL || stackURLs().baseURL);
}

/** The API's address (its public REST API is under /api/v1/). */
export function apiURL(): string {
  const url = process.env.E2E_API_URL;
  if (!url)
    throw new Error(
      "E2E_API_URL is not set: run the suite through playwright.config.ts (it starts the stack or names a running one)",
    );
  return withoutSlash(url);
}

/** The back office's address, ending in a slash (…/admin/): paths are resolved against it. */
export function backofficeURL(): string {
  return withSlash(process.env.E2E_BACKOFFICE_URL || `${apiURL()}/admin/`);
}

/**
 * The mail catcher's HTTP API (GET /api/messages), or undefined when there is none: a running
 * deployment has one only when E2E_MAIL_URL names it.
 */
export function mailURL(): string | undefined {
  const url = process.env.E2E_MAIL_URL;
  return url ? withoutSlash(url) : undefined;
}

type Account = { email: string; password: string };

/**
 * The admin the suite signs in as: E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD, by default the demo
 * admin `atelier dev` seeds.
 */
export function adminAccount(): Account {
  return {
    email: process.env.E2E_ADMIN_EMAIL || "admin@atelier.test",
    password: process.env.E2E_ADMIN_PASSWORD || "atelier-admin-demo",
  };
}

/** The customer the suite signs in as: E2E_CUSTOMER_EMAIL / E2E_CUSTOMER_PASSWORD, or the demo one. */
export function customerAccount(): Account {
  return {
    email: process.env.E2E_CUSTOMER_EMAIL || "customer@atelier.test",
    password: process.env.E2E_CUSTOMER_PASSWORD || "atelier-customer-demo",
  };
}
