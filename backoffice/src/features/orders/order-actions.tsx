import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextArea } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { formatMoney, minorUnits } from "~/lib/format";
import type { OrderMoveProps } from "./order-dialog";
import { reasonSchema } from "./order-forms";
import { type AdminOrder, can } from "./order-model";
import { MoveRefusal } from "./order-refusal";
import { useOrderMove } from "./orders-api";
import { RefundDialog } from "./refund-dialog";
import { ShipDialog } from "./ship-dialog";

type Opened = { kind: "process" | "ship" | "deliver" | "cancel" | "refund"; key: string };

/** newKey is a fresh idempotency key, made once per opening of a move's dialog. */
function newKey(): string {
  return crypto.randomUUID();
}

/**
 * OrderActions offers the moves the API allows the order now (its allowed_actions), each behind
 * a dialog that makes its idempotency key when it opens, so a retry of the same opening is done
 * once and a new opening is a new request.
 */
export function OrderActions({ order, onReload }: { order: AdminOrder; onReload: () => void }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const open = (kind: Opened["kind"]) => setOpened({ kind, key: newKey() });
  const close = () => setOpened(null);
  const reload = () => {
    setOpened(null);
    onReload();
  };
  const any = (
    [
      "ORDER_ACTION_PROCESS",
      "ORDER_ACTION_SHIP",
      "ORDER_ACTION_DELIVER",
      "ORDER_ACTION_REFUND",
      "ORDER_ACTION_CANCEL",
    ] as const
  ).some((a) => can(order, a));
  if (!any) return null;
  return (
    <div className="order-actions">
      {can(order, "ORDER_ACTION_PROCESS") ? (
        <Button variant="secondary" onClick={() => open("process")}>
          Mark processing
        </Button>
      ) : null}
      {can(order, "ORDER_ACTION_SHIP") ? <Button onClick={() => open("ship")}>Ship…</Button> : null}
      {can(order, "ORDER_ACTION_DELIVER") ? (
        <Button variant="secondary" onClick={() => open("deliver")}>
          Mark delivered
        </Button>
      ) : null}
      {can(order, "ORDER_ACTION_REFUND") ? (
        <Button variant="secondary" onClick={() => open("refund")}>
          Refund…
        </Button>
      ) : null}
      {can(order, "ORDER_ACTION_CANCEL") ? (
        <Button variant="danger" onClick={() => open("cancel")}>
          Cancel order…
        </Button>
      ) : null}
      {opened?.kind === "process" || opened?.kind === "deliver" ? (
        <StepDialog
          order={order}
          kind={opened.kind}
          idempotencyKey={opened.key}
          onClose={close}
          onReload={reload}
        />
      ) : null}
      {opened?.kind === "cancel" ? (
        <CancelDialog order={order} idempotencyKey={opened.key} onClose={close} onReload={reload} />
      ) : null}
      {opened?.kind === "ship" ? (
        <ShipDialog order={order} idempotencyKey={opened.key} onClose={close} onReload={reload} />
      ) : null}
      {opened?.kind === "refund" ? (
        <RefundDialog order={order} idempotencyKey={opened.key} onClose={close} onReload={reload} />
      ) : null}
    </div>
  );
}

const steps = {
  process: {
    title: (n: string) => `Mark order ${n} as processing?`,
    body: "The shop has started preparing it.",
    confirm: "Mark processing",
    done: (n: string) => `Order ${n} is processing.`,
  },
  deliver: {
    title: (n: string) => `Mark order ${n} as delivered?`,
    body: "The parcel has reached the customer.",
    confirm: "Mark delivered",
    done: (n: string) => `Order ${n} is delivered.`,
  },
};

/** StepDialog confirms a move forward that neither moves money nor needs more details. */
function StepDialog({
  order,
  kind,
  idempotencyKey,
  onClose,
  onReload,
}: OrderMoveProps & { kind: "process" | "deliver" }) {
  const notify = useToast();
  const move = useOrderMove(order.id ?? "");
  const step = steps[kind];
  const number = order.number ?? "";
  return (
    <ConfirmDialog
      open
      tone="primary"
      title={step.title(number)}
      confirmLabel={step.confirm}
      busy={move.isPending}
      onCancel={onClose}
      onConfirm={() =>
        move.mutate(
          { kind, body: { idempotency_key: idempotencyKey } },
          {
            onSuccess: () => {
              notify(step.done(number));
              onClose();
            },
            onError: () => notify(`Order ${number} was not changed.`, "error"),
          },
        )
      }
    >
      <MoveRefusal error={move.error} onReload={onReload} />
      <p>{step.body}</p>
    </ConfirmDialog>
  );
}

/** CancelDialog asks before cancelling: the stock goes back and what was paid is refunded. */
function CancelDialog({ order, idempotencyKey, onClose, onReload }: OrderMoveProps) {
  const notify = useToast();
  const move = useOrderMove(order.id ?? "");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const number = order.number ?? "";
  const refund = minorUnits(order.refundable) > 0;
  function confirm() {
    const why = reasonSchema.safeParse(reason);
    if (!why.success) {
      setReasonError(why.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    move.mutate(
      { kind: "cancel", body: { reason: why.data, idempotency_key: idempotencyKey } },
      {
        onSuccess: () => {
          notify(
            refund
              ? `Order ${number} cancelled; refund of ${formatMoney(order.refundable)} pending with the payment provider.`
              : `Order ${number} cancelled.`,
          );
          onClose();
        },
        onError: () => notify(`Order ${number} was not cancelled.`, "error"),
      },
    );
  }
  return (
    <ConfirmDialog
      open
      title={`Cancel order ${number}?`}
      confirmLabel="Cancel order"
      busy={move.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <MoveRefusal error={move.error} onReload={onReload} />
      <p>
        Its stock goes back at once.{" "}
        {refund
          ? `${formatMoney(order.refundable)} is refunded to the customer through the payment provider (pending until it confirms).`
          : "Nothing is refunded: nothing that was paid is left to refund."}{" "}
        The customer is e-mailed.
      </p>
      <TextArea
        label="Reason (optional)"
        hint="For the timeline and the customer's e-mail."
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={reasonError}
      />
    </ConfirmDialog>
  );
}
