import { useId, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { ApiKey } from "./api";

/**
 * SecretPanel shows a new key's secret, the one time it can be seen: with a Copy button (the
 * clipboard, or else the text selected for the admin to copy) and "I have stored it" to close.
 */
export function SecretPanel({
  secret,
  kind,
  onDone,
}: {
  secret: string;
  kind: ApiKey["kind"];
  onDone: () => void;
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
    <div className="secret-panel">
      <Alert tone="warning" title="This key will not be shown again">
        Store it now where{" "}
        {kind === "API_KEY_KIND_PUBLISHABLE"
          ? "the partner's site is built"
          : "the partner's server keeps secrets"}
        . Only a fingerprint of it is kept: if it is lost, make a new key and revoke this one.
      </Alert>
      <label htmlFor={id} className="secret-panel__label">
        Your new API key
      </label>
      <div className="secret-panel__row">
        <input
          ref={field}
          id={id}
          className="secret-panel__secret"
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
      <p className="secret-panel__status" role="status">
        {copy === "copied"
          ? "Copied to the clipboard."
          : copy === "select"
            ? "The key is selected: press Ctrl+C (⌘C on a Mac) to copy it."
            : ""}
      </p>
      <p className="secret-panel__use">
        Calls send it in a header: <code>Authorization: Bearer atl_…</code>
      </p>
      <div className="key-dialog__actions">
        <Button onClick={onDone}>I have stored it</Button>
      </div>
    </div>
  );
}
