// The dev mail catcher the stack's API sends through (`atelier dev`, MAIL_CATCHER_ADDR): its JSON
// API lists the messages caught, newest first. Specs poll it for the message they caused. Against a
// running deployment there is one only when E2E_MAIL_URL names it; without it, the tests that read
// e-mails skip (skipWithoutMailCatcher).
import { type APIRequestContext, expect, test } from "@playwright/test";
import { mailURL as targetMailURL } from "../../stack/target.ts";

export type CaughtMail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string;
};

export function mailURL(): string {
  const url = targetMailURL();
  if (!url) throw new Error("no mail catcher (E2E_MAIL_URL): call skipWithoutMailCatcher() first");
  return url;
}

/** Skips the running test when the deployment under test has no mail catcher to read. */
export function skipWithoutMailCatcher() {
  test.skip(
    !targetMailURL(),
    "needs the mail catcher: the deployment under test has none named (set E2E_MAIL_URL to its HTTP API)",
  );
}

export async function caughtMail(request: APIRequestContext): Promise<CaughtMail[]> {
  const res = await request.get(`${mailURL()}/api/messages`);
  expect(res.status(), `GET ${mailURL()}/api/messages`).toBe(200);
  return (await res.json()) as CaughtMail[];
}

type Match = { to?: string; subject?: string | RegExp };

function matches(mail: CaughtMail, m: Match): boolean {
  if (m.to && !mail.to.some((addr) => addr.toLowerCase().includes(m.to!.toLowerCase()))) return false;
  if (m.subject instanceof RegExp && !m.subject.test(mail.subject)) return false;
  if (typeof m.subject === "string" && !mail.subject.includes(m.subject)) return false;
  return true;
}

/**
 * The newest caught message matching `m`, once it has arrived (e-mails are sent by background
 * jobs, so this polls rather than sleeps).
 */
export async function waitForMail(request: APIRequestContext, m: Match, what: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMail(request)).find((mail) => matches(mail, m));
        return found !== undefined;
      },
      {
        message: `${what} reaches the mail catcher (${JSON.stringify({ to: m.to, subject: String(m.subject ?? "") })})`,
        timeout: 30_000,
      },
    )
    .toBe(true);
  return found!;
}

/** The first link in the message (text or HTML part) whose path is `path`. */
export function linkIn(mail: CaughtMail, path: string): URL {
  const candidates = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  for (const raw of candidates) {
    const url = new URL(raw.replaceAll("&amp;", "&"));
    if (url.pathname === path) return url;
  }
  throw new Error(`no ${path} link in the e-mail "${mail.subject}":\n${mail.text}`);
}
