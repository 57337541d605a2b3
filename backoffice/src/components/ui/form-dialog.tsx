import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { Button } from "./button";
import "./form-dialog.css";
import { useModal } from "./use-modal";

export type FormDialogProps = {
  title: string;
  children: ReactNode;
  /** Called on Escape, which it may ignore: a secret shown once must not vanish at a stray key. */
  onEscape: () => void;
  /** "narrow" for a short form of a field or two, "wide" for long lists of choices. */
  size?: "narrow" | "regular" | "wide";
};

/**
 * FormDialog is the modal frame of a form, or of a secret shown once: the native <dialog>, so
 * focus moves in, is trapped by the browser and returns to the opener on close. It is shown while
 * mounted (the caller mounts it per opening, so each opening starts afresh). A form in it ends
 * with FormDialogActions.
 */
export function FormDialog({ title, children, onEscape, size = "regular" }: FormDialogProps) {
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
      className={size === "regular" ? "form-dialog" : `form-dialog form-dialog--${size}`}
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

export type FormDialogActionsProps = {
  /** The submit button's label ("Save", "Create key"). */
  submitLabel: string;
  /** The move is under way: submit shows it, and the way out waits. */
  busy?: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  tone?: "primary" | "danger";
};

/** FormDialogActions is a dialog form's last row: the way out, then the form's submit button. */
export function FormDialogActions({
  submitLabel,
  busy,
  onCancel,
  cancelLabel = "Cancel",
  tone = "primary",
}: FormDialogActionsProps) {
  return (
    <div className="form-dialog__actions">
      <Button variant="secondary" onClick={() => onCancel()} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={tone} busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
