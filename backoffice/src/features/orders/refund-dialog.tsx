import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { TextArea, TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { formatMinor, minorUnits } from "~/lib/format";
import { OrderDialog, type OrderMoveProps } from "./order-dialog";
import { reasonSchema, refundAmountSchema } from "./order-forms";
import { fieldError, MoveRefusal } from "./order-refusal";
import { useOrderMove } from "./orders-api";

type Errors = Partial<Record<"amount" | "restock" | "reason" | "form", string>>;

/**
 * RefundDialog refunds all or part of what can still be refunded. The amount is typed in pounds
 * and checked in pence before it is sent (more than nothing, at most the refundable); chosen
 * lines can go back in stock, at most what was ordered of each, once the provider confirms. The
 * refund is pending until then, and the toast says so.
 */
export function RefundDialog({ order, idempotencyKey, onClose, onReload }: OrderMoveProps) {
  const notify = useToast();
  const move = useOrderMove(order.id ?? "");
  const refundable = minorUnits(order.refundable);
  const lines = order.lines ?? [];
  // A cancelled order's stock went back when it was cancelled: nothing to restock.
  const restockable = order.status !== "ORDER_STATUS_CANCELLED" && lines.length > 0;
  const [whole, setWhole] = useState(true);
  const [amount, setAmount] = useState("");
  const [restock, setRestock] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  function submit() {
    const next: Errors = {};
    let pence = refundable;
    if (refundable <= 0) {
      // Everything captured is refunded or pending: the API would refuse any amount.
      setErrors({
        form: "Nothing is left to refund: what was paid is refunded or pending with the provider.",
      });
      return;
    }
    if (!whole) {
      const parsed = refundAmountSchema(refundable).safeParse(amount);
      if (parsed.success) pence = parsed.data;
      else next.amount = parsed.error.issues[0]?.message;
    }
    const lineRestock: { product_id: string; quantity: number }[] = [];
    for (const line of restockable ? lines : []) {
      const typed = (restock[line.product_id ?? ""] ?? "").trim();
      if (typed === "" || typed === "0") continue;
      const qty = Number(typed);
      if (!Number.isInteger(qty) || qty < 0 || qty > (line.quantity ?? 0)) {
        next.restock = `Put back a whole number of units, at most what was ordered (${line.quantity} of ${line.name}).`;
        break;
      }
      lineRestock.push({ product_id: line.product_id ?? "", quantity: qty });
    }
    const why = reasonSchema.safeParse(reason);
    if (!why.success) next.reason = why.error.issues[0]?.message;
    setErrors(next);
    if (Object.keys(next).length > 0 || !why.success) return;
    move.mutate(
      {
        kind: "refund",
        body: {
          amount_minor_units: String(pence),
          reason: why.data,
          restock: lineRestock,
          idempotency_key: idempotencyKey,
        },
      },
      {
        onSuccess: () => {
          notify(`Refund of ${formatMinor(pence)} pending with the payment provider.`);
          onClose();
        },
        onError: () => notify(`Order ${order.number} was not refunded.`, "error"),
      },
    );
  }

  return (
    <OrderDialog
      title={`Refund order ${order.number}`}
      submitLabel="Refund"
      tone="danger"
      busy={move.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <MoveRefusal
        error={move.error}
        fields={[...(whole ? [] : ["amount_minor_units"]), ...(restockable ? ["restock"] : []), "reason"]}
        onReload={onReload}
      />
      <p>
        Up to {formatMinor(refundable)} can be refunded. The refund is pending until the payment provider
        confirms it; the customer is e-mailed then.
      </p>
      <fieldset>
        <legend>How much</legend>
        <label className="refund-choice">
          <input type="radio" name="whole" checked={whole} onChange={() => setWhole(true)} /> Everything that
          can be refunded ({formatMinor(refundable)})
        </label>
        <label className="refund-choice">
          <input type="radio" name="whole" checked={!whole} onChange={() => setWhole(false)} /> Part of it
        </label>
      </fieldset>
      {whole ? null : (
        <TextField
          label="Amount (£)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          hint={`Up to ${formatMinor(refundable)}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount ?? fieldError(move.error, "amount_minor_units")}
        />
      )}
      {restockable ? (
        <fieldset
          aria-describedby={errors.restock || fieldError(move.error, "restock") ? "restock-error" : undefined}
        >
          <legend>Put back in stock when the refund succeeds</legend>
          {lines.map((line) => (
            <TextField
              key={line.product_id}
              label={`${line.name} (ordered ${line.quantity})`}
              name={`restock-${line.product_id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.quantity}
              step={1}
              value={restock[line.product_id ?? ""] ?? "0"}
              onChange={(e) => setRestock((r) => ({ ...r, [line.product_id ?? ""]: e.target.value }))}
            />
          ))}
          {errors.restock || fieldError(move.error, "restock") ? (
            <p className="field__error" id="restock-error">
              {errors.restock ?? fieldError(move.error, "restock")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <TextArea
        label="Reason (optional)"
        name="reason"
        hint="For the timeline and the customer's e-mail."
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason ?? fieldError(move.error, "reason")}
      />
    </OrderDialog>
  );
}
