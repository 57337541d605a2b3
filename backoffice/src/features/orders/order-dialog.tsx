import type { FormEvent, ReactNode } from "react";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import type { AdminOrder } from "./order-model";
import "./order-dialog.css";

/** OrderMoveProps are what a move's dialog (ship, refund) is given for its order. */
export type OrderMoveProps = {
  order: AdminOrder;
  /** The move's key, made per opening: sending it twice moves the order once. */
  idempotencyKey: string;
  onClose: () => void;
  /** Reloads the order, after a refusal that says it changed meanwhile. */
  onReload: () => void;
};

/**
 * OrderDialog is a modal form for one move on an order (ship, refund), in a FormDialog: Escape
 * closes it (unless the move is under way) and focus returns to the button that opened it. It is
 * shown while mounted; the caller mounts it per opening, so each opening starts afresh (with its
 * own idempotency key).
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
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <FormDialog title={title} size="narrow" onEscape={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate>
        <div className="order-dialog__body">{children}</div>
        <FormDialogActions
          submitLabel={submitLabel}
          busy={busy}
          onCancel={onClose}
          cancelLabel="Close"
          tone={tone}
        />
      </form>
    </FormDialog>
  );
}
