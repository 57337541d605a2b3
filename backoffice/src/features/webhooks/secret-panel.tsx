import { type ReactNode, useId, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/**
 * SecretPanel shows an endpoint's signing secret, the one time it can be seen: with a Copy button
 * (the clipboard, or else the text selected for the admin to copy) and "I have stored it" to
 * close. `children` says what happens to the secret it replaces, if any.
 */
export function SecretPanel({
  secret,
  onDone,
  children,
}: {
  secret: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "select">("idle");

  function selectAll() {
    field.current?.focus();
    field.current?.select();
  }

  async function copyToClipboard() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      // Without the clipboard (an insecure origin, a denied permission) the admin copies by hand.
      selectAll();
      setCopy("select");
    }
  }

  return (
    <div className="webhook-secret">
      <Alert tone="warning" title="This secret will not be shown again">
        Store it now in the receiver: it checks each delivery's <code>webhook-signature</code> with it. If it
        is lost, rotate the secret.
      </Alert>
      {children}
      <label htmlFor={id} className="webhook-secret__label">
        Signing secret
      </label>
      <div className="webhook-secret__row">
        <input
          ref={field}
          id={id}
          className="webhook-secret__secret"
          readOnly
          value={secret}
          autoComplete="off"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyToClipboard()}>
          Copy
        </Button>
      </div>
      <p className="webhook-secret__status" role="status">
        {copy === "copied"
          ? "Copied to the clipboard."
          : copy === "select"
            ? "The secret is selected: press Ctrl+C (⌘C on a Mac) to copy it."
            : ""}
      </p>
      <p className="webhook-secret__use">
        Deliveries are signed per Standard Webhooks: any of its libraries verifies them with this secret.
      </p>
      <div className="webhook-dialog__actions">
        <Button onClick={onDone}>I have stored it</Button>
      </div>
    </div>
  );
}
