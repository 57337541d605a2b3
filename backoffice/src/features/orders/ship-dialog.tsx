import { useState } from "react";
import { TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { OrderDialog, type OrderMoveProps } from "./order-dialog";
import { trackingNumberSchema } from "./order-forms";
import { fieldError, MoveRefusal } from "./order-refusal";
import { useOrderMove } from "./orders-api";

/**
 * ShipDialog ships an order with the carrier's tracking number, checked as the API checks it
 * before it is sent; the API's own refusal of the number is shown on the field.
 */
export function ShipDialog({ order, idempotencyKey, onClose, onReload }: OrderMoveProps) {
  const notify = useToast();
  const move = useOrderMove(order.id ?? "");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit() {
    const parsed = trackingNumberSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    move.mutate(
      { kind: "ship", body: { tracking_number: parsed.data, idempotency_key: idempotencyKey } },
      {
        onSuccess: () => {
          notify(`Order ${order.number} shipped; the customer is e-mailed the tracking link.`);
          onClose();
        },
        onError: () => notify(`Order ${order.number} was not shipped.`, "error"),
      },
    );
  }

  const carrier = order.delivery?.carrier;
  return (
    <OrderDialog
      title={`Ship order ${order.number}`}
      submitLabel="Ship order"
      busy={move.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <MoveRefusal error={move.error} fields={["tracking_number"]} onReload={onReload} />
      <TextField
        label="Tracking number"
        name="tracking_number"
        autoComplete="off"
        spellCheck={false}
        hint={`${carrier ? `${carrier}'s number for the parcel. ` : ""}4 to 40 letters, digits, spaces or hyphens.`}
        value={value}
        onChange={(e) => {
          // A refusal is about the number that was sent: typing a new one clears it.
          setValue(e.target.value);
          setError(undefined);
          if (move.isError) move.reset();
        }}
        error={error ?? fieldError(move.error, "tracking_number")}
      />
    </OrderDialog>
  );
}
