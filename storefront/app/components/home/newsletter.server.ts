import { Code, ConnectError } from "@connectrpc/connect";
import type { Api } from "~/lib/api.server";
import { isEmailAddress } from "~/lib/email";
import { describeError } from "~/lib/errors";
import { type NewsletterResult, newsletterInvalidEmail, newsletterThanks, newsletterUnavailable } from "./newsletter";

/** Subscribes the address typed into the newsletter box, checking it before the API does. */
export async function subscribeToNewsletter(newsletter: Api["newsletter"], raw: FormDataEntryValue | null): Promise<NewsletterResult> {
  const email = typeof raw === "string" ? raw.trim() : "";
  if (!isEmailAddress(email)) return { ok: false, error: newsletterInvalidEmail, email };
  try {
    const res = await newsletter.subscribe({ email });
    return { ok: true, message: newsletterThanks(res.email || email) };
  } catch (err) {
    if (err instanceof ConnectError && err.code === Code.InvalidArgument) {
      return { ok: false, error: newsletterInvalidEmail, email };
    }
    console.error(`newsletter: subscribe failed: ${describeError(err)}`);
    return { ok: false, error: newsletterUnavailable, email };
  }
}
