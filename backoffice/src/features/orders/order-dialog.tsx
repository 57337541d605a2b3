import { type FormEvent, type ReactNode, useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { useModal } from "~/components/ui/use-modal";
import "./order-dialog.css";

/**
 * OrderDialog is a modal form for one move on an order (ship, refund): the native <dialog>, so
 * focus moves in and is trapped by the browser, Escape closes it and focus returns to the button
 * that opened it. It is shown while mounted; the caller mounts it per opening, so each opening
 * starts afresh (with its own idempotency key).
 */
export function OrderDialog({
  title,
  children,
  submitLabel,
  tone = "primary",
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  submitLabel: string;
  tone?: "primary" | "danger";
  busy?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Shown while mounted: the caller mounts it per opening.
  useModal(ref, true);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <dialog
      ref={ref}
      className="order-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        <div className="order-dialog__body">{children}</div>
        <div className="order-dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button type="submit" variant={tone} busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
