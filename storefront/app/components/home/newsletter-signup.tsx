// The newsletter box. A plain form posting to the home page's action (the page re-renders with the
// answer); once hydrated it submits in the background and the answer appears in place.
import { useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useFormReset } from "~/components/ui/use-form-reset";
import type { NewsletterResult } from "~/lib/models/newsletter";

type Props = {
  /** The action's answer to a submission made before JavaScript loaded. */
  submitted?: NewsletterResult;
};

export function NewsletterSignup({ submitted }: Props) {
  const fetcher = useFetcher<NewsletterResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const messageId = useId();
  const result = fetcher.data ?? submitted;
  const busy = fetcher.state !== "idle";
  const error = result && !result.ok ? result.error : undefined;

  useFormReset(formRef, fetcher);

  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter__inner">
        <p className="eyebrow">The Atelier Letter</p>
        <h2 id="newsletter-heading">Join Our Newsletter</h2>
        <p className="newsletter__intro">
          New arrivals, skincare rituals and private events, a few times a season. Unsubscribe at any time.
        </p>
        {/* noValidate: the shop explains an invalid address in its own words, with or without JavaScript. */}
        <fetcher.Form ref={formRef} method="post" noValidate className="newsletter__form">
          <input type="hidden" name="intent" value="newsletter" />
          <div className="field newsletter__field">
            <label htmlFor={inputId}>Email address</label>
            <input
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              required
              defaultValue={result && !result.ok ? result.email : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
            />
          </div>
          <button type="submit" className="button button--primary newsletter__submit" disabled={busy}>
            {busy ? "Joining…" : "Join"}
          </button>
        </fetcher.Form>
        <div id={messageId} className="newsletter__message" role="status">
          {result && (
            <p className={`alert ${result.ok ? "alert--success" : "alert--error"}`}>
              {result.ok ? result.message : result.error}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
