import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { useModal } from "~/components/ui/use-modal";
import "./webhooks.css";

/**
 * WebhookDialog is the modal frame of the endpoint forms and of a secret shown once: the native
 * <dialog>, so focus moves in, is trapped by the browser and returns to the opener on close. It
 * is shown while mounted (the caller mounts it per opening, so each opening starts afresh).
 * Escape calls onEscape, which may ignore it (a one-time secret must not vanish at a stray key).
 */
export function WebhookDialog({
  title,
  children,
  onEscape,
}: {
  title: string;
  children: ReactNode;
  onEscape: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(ref, true);
  // Closed before it leaves the page (a layout effect's cleanup runs before the removal), so the
  // browser gives focus back to the control that opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open && typeof dialog.close === "function") dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="webhook-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onEscape();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
