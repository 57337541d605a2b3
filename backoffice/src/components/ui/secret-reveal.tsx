import { type ReactNode, useId, useRef, useState } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import "./secret-reveal.css";

export type SecretRevealProps = {
  secret: string;
  /** The field's label, e.g. "Your new API key". */
  label: string;
  /** What the copy hint calls it: "key" gives "The key is selected: …". */
  noun: string;
  /** The warning above it: that it will not be shown again, and where to store it. */
  warning: { title: string; body: ReactNode };
  /** Between the warning and the field: what the secret belongs to, what happens to the old one. */
  children?: ReactNode;
  /** Under the field: how the secret is used. */
  usage: ReactNode;
  onDone: () => void;
};

/**
 * SecretReveal shows a secret the one time it can be seen (an API key, a webhook's signing
 * secret): read-only, with a Copy button (the clipboard, or else the text selected for the admin
 * to copy by hand) and "I have stored it" to close. It keeps the secret nowhere else.
 */
export function SecretReveal({ secret, label, noun, warning, children, usage, onDone }: SecretRevealProps) {
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
    <div className="secret-reveal">
      <Alert tone="warning" title={warning.title}>
        {warning.body}
      </Alert>
      {children}
      <label htmlFor={id} className="secret-reveal__label">
        {label}
      </label>
      <div className="secret-reveal__row">
        <input
          ref={field}
          id={id}
          className="secret-reveal__secret"
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
      <p className="secret-reveal__status" role="status">
        {copy === "copied"
          ? "Copied to the clipboard."
          : copy === "select"
            ? `The ${noun} is selected: press Ctrl+C (⌘C on a Mac) to copy it.`
            : ""}
      </p>
      <p className="secret-reveal__use">{usage}</p>
      <div className="secret-reveal__actions">
        <Button onClick={onDone}>I have stored it</Button>
      </div>
    </div>
  );
}
