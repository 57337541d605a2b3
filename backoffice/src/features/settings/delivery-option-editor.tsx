import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { StaleAlert } from "~/components/ui/stale-alert";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { staleMessage } from "~/lib/api/stale";
import { formatDateTime } from "~/lib/format";
import { penceFromPounds, poundsFromPence } from "~/lib/money-input";
import { settingsKeys, useCarriers, useDeliveryOption } from "./api";
import { errorsOf, showErrors } from "./form-errors";
import type { DeliveryOption } from "./types";

/** A delivery option's schema, as the API checks it; the price is typed in pounds. */
export const deliveryOptionSchema = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(60, "At most 60 characters."),
  price: z
    .string()
    .trim()
    .refine((v) => (penceFromPounds(v) ?? Number.POSITIVE_INFINITY) <= 100_000, {
      message: "Enter a price in pounds up to £1,000, e.g. 4.95.",
    }),
  estimated_delivery: z.string().trim().max(100, "At most 100 characters."),
  carrier: z.string().min(1, "Choose a carrier."),
  position: z
    .string()
    .trim()
    .refine((v) => /^\d{1,4}$/.test(v) && Number(v) <= 1000, {
      message: "Enter a whole number from 0 to 1000.",
    }),
  active: z.boolean(),
});

// The API names a field as in the request; the form names the price in pounds.
const apiField: Record<string, string> = { price_minor_units: "price" };

/** DeliveryOptionEditor edits one delivery option: name, price, estimate, carrier, order, active. */
export function DeliveryOptionEditor({ code }: { code: string }) {
  const option = useDeliveryOption(code);
  const carriers = useCarriers();
  if (option.isPending || carriers.isPending) return <LoadingState label="Loading the delivery option..." />;
  const error = option.error ?? carriers.error;
  if (error) {
    return (
      <>
        <PageHeader title="Delivery option" />
        <ErrorState
          error={error}
          onRetry={() => void (option.error ? option.refetch() : carriers.refetch())}
        />
        <p>
          <Link to="/settings">Settings</Link>
        </p>
      </>
    );
  }
  if (!option.data || !carriers.data) return null;
  return (
    <OptionForm key={option.data.revision ?? "0"} code={code} option={option.data} carriers={carriers.data} />
  );
}

function OptionForm({
  code,
  option,
  carriers,
}: {
  code: string;
  option: DeliveryOption;
  carriers: string[];
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState({
    name: option.name ?? "",
    price: poundsFromPence(option.price?.minor_units),
    estimated_delivery: option.estimated_delivery ?? "",
    carrier: option.carrier ?? "",
    position: String(option.position ?? 0),
  });
  const [active, setActive] = useState(option.active ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: async (input: z.output<typeof deliveryOptionSchema>) =>
      unwrap(
        api.PATCH("/api/v1/admin/delivery-options/{code}", {
          params: { path: { code }, query: { expected_revision: option.revision ?? "0" } },
          body: {
            name: input.name,
            carrier: input.carrier,
            estimated_delivery: input.estimated_delivery,
            price_minor_units: String(penceFromPounds(input.price)),
            position: Number(input.position),
            active: input.active,
          },
        }),
      ),
    onSuccess: (res) => {
      toast("Delivery option saved.");
      queryClient.setQueryData(settingsKeys.option(code), res.delivery_option ?? {});
      void queryClient.invalidateQueries({ queryKey: settingsKeys.options() });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.optionRevisions(code) });
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      const next: Record<string, string> = {};
      for (const [k, v] of Object.entries(err.fields)) next[apiField[k] ?? k] = v;
      setErrors(next);
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = deliveryOptionSchema.safeParse({ ...values, active });
    if (!parsed.success) {
      showErrors(e.currentTarget, setErrors, errorsOf(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  // A field's binding: its name, value, change and error.
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });
  const stale = staleMessage(save.error);
  const placed = Object.keys(errors).length > 0;
  // A carrier the list no longer has stays choosable, so opening the form changes nothing.
  const carrierChoices =
    option.carrier && !carriers.includes(option.carrier) ? [option.carrier, ...carriers] : carriers;

  return (
    <>
      <PageHeader
        title={`Delivery option: ${option.name ?? code}`}
        description={
          <>
            {code} · revision {option.revision ?? "–"}
            {option.updated_at ? ` · saved ${formatDateTime(option.updated_at)}` : ""}
            {option.updated_by?.display_name ? ` by ${option.updated_by.display_name}` : ""}
          </>
        }
        actions={
          <>
            <Link className="button button--secondary" to="/settings">
              Settings
            </Link>
            <Link className="button button--secondary" to={`/settings/delivery/${code}/history`}>
              History
            </Link>
          </>
        }
      />
      {stale ? (
        <StaleAlert
          message={stale}
          onReload={() => void queryClient.invalidateQueries({ queryKey: settingsKeys.option(code) })}
        />
      ) : save.error && !placed ? (
        <Alert title="Not saved">{save.error.message}</Alert>
      ) : null}
      <form className="panel settings__narrow" onSubmit={submit} noValidate aria-label="Delivery option">
        <TextField label="Name" required {...field("name")} />
        <TextField
          label="Price (£)"
          inputMode="decimal"
          hint="In pounds, e.g. 4.95; 0 for free."
          {...field("price")}
        />
        <TextField
          label="Estimated delivery"
          hint="What the shopper is told, e.g. “2–3 working days”."
          {...field("estimated_delivery")}
        />
        <SelectField label="Carrier" {...field("carrier")}>
          <option value="">Choose a carrier</option>
          {carrierChoices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Position"
          inputMode="numeric"
          hint="Order at checkout, lowest first."
          {...field("position")}
        />
        <CheckboxField
          label="Offered at checkout"
          name="active"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          hint="At least one option must stay offered."
        />
        <Button type="submit" busy={save.isPending}>
          Save delivery option
        </Button>
      </form>
    </>
  );
}
