import { Code, ConnectError } from "@connectrpc/connect";
import { describeError } from "~/lib/errors";
import {
  type NewsletterResult,
  newsletterInvalidEmail,
  newsletterSchema,
  newsletterThanks,
  newsletterUnavailable,
} from "~/lib/models/newsletter";
import type { Api } from "~/lib/server/api.server";
import { throttledMessage } from "~/lib/server/session.server";

/** Subscribes the address typed into the newsletter box, checking it before the API does. */
export async function subscribeToNewsletter(
  newsletter: Api["newsletter"],
  raw: FormDataEntryValue | null,
): Promise<NewsletterResult> {
  const parsed = newsletterSchema.safeParse({ email: raw });
  if (!parsed.success)
    return { ok: false, error: newsletterInvalidEmail, email: typeof raw === "string" ? raw.trim() : "" };
  const { email } = parsed.data;
  try {
    const res = await newsletter.subscribe({ email });
    return { ok: true, message: newsletterThanks(res.email || email) };
  } catch (err) {
    if (err instanceof ConnectError && err.code === Code.InvalidArgument) {
      return { ok: false, error: newsletterInvalidEmail, email };
    }
    // The API limits sign-ups per shopper and per address; say how long to wait.
    if (err instanceof ConnectError && err.code === Code.ResourceExhausted) {
      return { ok: false, error: throttledMessage(err, "sign-ups"), email };
    }
    console.error(`newsletter: subscribe failed: ${describeError(err)}`);
    return { ok: false, error: newsletterUnavailable, email };
  }
}
