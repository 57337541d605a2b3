// The pages behind the newsletter e-mails' links: /newsletter/confirm?token=… (double opt-in) and
// /newsletter/unsubscribe?token=…. Opening a link changes nothing: the page asks for one click on
// its button, a form post, because mail scanners and link previews open every link in an e-mail
// and must not confirm or unsubscribe anyone. (Mail clients' own unsubscribe button posts to the
// API's one-click endpoint instead.) As on the password reset page, the token is in the URL, so
// the referrer policy is same-origin, and the form posts it in a hidden field to the bare path.
import { ConnectError } from "@connectrpc/connect";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { describeError } from "~/lib/errors";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { errorReason } from "~/lib/server/session.server";
import "~/styles/pages/auth.css";
import type { Route } from "./+types/newsletter-link";

type Kind = "confirm" | "unsubscribe";

export const newsletterLinkText = {
  confirm: {
    path: "/newsletter/confirm",
    title: "Confirm Your Subscription",
    intro: "One more step: confirm that you would like to receive the Atelier London newsletter.",
    button: "Confirm Subscription",
    busy: "Confirming…",
    done: "Thank you! Your subscription is confirmed. Every newsletter has a link to unsubscribe at any time.",
    invalidReason: "invalid_confirmation_token",
    invalid: "This confirmation link is invalid or has expired. Please sign up again to receive a new one.",
  },
  unsubscribe: {
    path: "/newsletter/unsubscribe",
    title: "Unsubscribe",
    intro: "Stop receiving the Atelier London newsletter at this address.",
    button: "Unsubscribe",
    busy: "Unsubscribing…",
    done: "You have been unsubscribed. You will not receive our newsletter any more.",
    invalidReason: "invalid_unsubscribe_token",
    invalid:
      "This unsubscribe link is not valid. Please use the link in your most recent newsletter, or contact us.",
  },
} as const;

const unavailable = "We could not complete this just now. Please try again in a moment.";
const maxTokenLength = 128;

export type NewsletterLinkResult =
  | { ok: true; message: string }
  | { ok: false; error: string; linkInvalid?: boolean };

function kindOf(request: Request): Kind {
  return new URL(request.url).pathname.startsWith(newsletterLinkText.unsubscribe.path)
    ? "unsubscribe"
    : "confirm";
}

function tokenFrom(value: FormDataEntryValue | string | null): string {
  const token = typeof value === "string" ? value.trim() : "";
  return token.length <= maxTokenLength ? token : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  return { kind: kindOf(request), token: tokenFrom(new URL(request.url).searchParams.get("token")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const kind = kindOf(request);
  const text = newsletterLinkText[kind];
  // From the form only: the page's form carries it, and the URL of a post should not.
  const token = tokenFrom((await request.formData()).get("token"));
  if (!token)
    return data<NewsletterLinkResult>({ ok: false, error: text.invalid, linkInvalid: true }, { status: 400 });
  try {
    const newsletter = api(context).newsletter;
    if (kind === "confirm") await newsletter.confirmSubscription({ token });
    else await newsletter.unsubscribe({ token });
    return data<NewsletterLinkResult>({ ok: true, message: text.done });
  } catch (err) {
    // A refused link: the API words why (expired, used); the contract's own check of the token's
    // shape answers invalid_argument.
    if (
      err instanceof ConnectError &&
      (errorReason(err) === text.invalidReason || errorReason(err) === "invalid_argument")
    ) {
      return data<NewsletterLinkResult>(
        { ok: false, error: text.invalid, linkInvalid: true },
        { status: 400 },
      );
    }
    console.error(`newsletter: ${kind} failed: ${describeError(err)}`);
    return data<NewsletterLinkResult>({ ok: false, error: unavailable }, { status: 503 });
  }
}

/** The same policy as the meta tag below, as a header too (the server's default is looser). */
export function headers(_: Route.HeadersArgs) {
  return { "Referrer-Policy": "same-origin" };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const text = newsletterLinkText[loaderData?.kind ?? "confirm"];
  return [
    ...pageMeta({
      title: text.title,
      description: text.intro,
      origin: originFrom(matches),
      path: text.path,
      noindex: true,
    }),
    // The token in this page's URL must not leak to other sites as a Referer (see reset-password).
    { name: "referrer", content: "same-origin" },
  ];
}

export default function NewsletterLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, token } = loaderData;
  const text = newsletterLinkText[kind];
  const busy = useNavigation().formAction === text.path;
  const home = (
    <p>
      <Link to="/">Back to the shop</Link>
    </p>
  );

  if (actionData?.ok) {
    return (
      <AuthLayout eyebrow="The Atelier Letter" title={text.title} footer={home}>
        <p className="alert alert--success" role="status">
          {actionData.message}
        </p>
      </AuthLayout>
    );
  }
  if (!token || actionData?.linkInvalid) {
    return (
      <AuthLayout eyebrow="The Atelier Letter" title={text.title} footer={home}>
        <p className="alert alert--error" role="alert">
          {actionData?.error ?? text.invalid}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout eyebrow="The Atelier Letter" title={text.title} intro={text.intro} footer={home}>
      {actionData && (
        <p className="alert alert--error" role="alert">
          {actionData.error}
        </p>
      )}
      <Form method="post" action={text.path} className="auth-form">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? text.busy : text.button}
        </button>
      </Form>
    </AuthLayout>
  );
}
