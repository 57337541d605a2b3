import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { StaleAlert } from "~/components/ui/stale-alert";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { staleMessage } from "~/lib/api/stale";
import { penceFromPounds, poundsFromPence } from "~/lib/money-input";
import { settingsKeys, useDeliveryOptions, useFreeDeliveryRule } from "./api";
import { errorsOf, showErrors } from "./form-errors";
import type { DeliveryOption, FreeDeliveryRule } from "./types";

/** The rule's schema: no option, or an option and a threshold in pounds up to £100,000. */
export const freeDeliverySchema = z
  .object({ option_code: z.string(), threshold: z.string().trim() })
  .superRefine((v, ctx) => {
    if (v.option_code === "") return;
    if ((penceFromPounds(v.threshold) ?? Number.POSITIVE_INFINITY) > 10_000_000) {
      ctx.addIssue({
        code: "custom",
        path: ["threshold"],
        message: "Enter an amount in pounds up to £100,000, e.g. 50 or 49.99.",
      });
    }
  });

/**
 * FreeDeliveryRuleForm sets the shop's one free-delivery rule: which option is free for orders
 * above which subtotal, or none.
 */
export function FreeDeliveryRuleForm() {
  const rule = useFreeDeliveryRule();
  const options = useDeliveryOptions();
  return (
    <section className="panel" aria-labelledby="free-delivery-heading">
      <h2 id="free-delivery-heading">Free delivery</h2>
      {rule.isPending || options.isPending ? (
        <LoadingState label="Loading the free-delivery rule..." />
      ) : rule.isError ? (
        <ErrorState error={rule.error} onRetry={() => rule.refetch()} />
      ) : options.isError ? (
        <ErrorState error={options.error} onRetry={() => options.refetch()} />
      ) : (
        <RuleForm key={rule.data.revision ?? "0"} rule={rule.data} options={options.data} />
      )}
    </section>
  );
}

function RuleForm({ rule, options }: { rule: FreeDeliveryRule; options: DeliveryOption[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [code, setCode] = useState(rule.option_code ?? "");
  const [threshold, setThreshold] = useState(
    rule.option_code ? poundsFromPence(rule.threshold?.minor_units) : "",
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: async (input: { option_code: string; threshold_minor_units: string }) =>
      unwrap(
        api.PUT("/api/v1/admin/free-delivery-rule", {
          body: { ...input, expected_revision: rule.revision ?? "0" },
        }),
      ),
    onSuccess: (res) => {
      toast(res.free_delivery_rule?.option_code ? "Free delivery saved." : "Free delivery turned off.");
      queryClient.setQueryData(settingsKeys.rule(), res.free_delivery_rule ?? {});
      void queryClient.invalidateQueries({ queryKey: settingsKeys.options() });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.threshold_minor_units) {
        setErrors({ threshold: err.fields.threshold_minor_units });
      }
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = freeDeliverySchema.safeParse({ option_code: code, threshold });
    if (!parsed.success) {
      showErrors(e.currentTarget, setErrors, errorsOf(parsed.error));
      return;
    }
    setErrors({});
    save.mutate({
      option_code: parsed.data.option_code,
      threshold_minor_units: parsed.data.option_code ? String(penceFromPounds(parsed.data.threshold)) : "0",
    });
  }

  const stale = staleMessage(save.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Free delivery" className="settings__inline-form">
      {stale ? (
        <StaleAlert
          message={stale}
          onReload={() => void queryClient.invalidateQueries({ queryKey: settingsKeys.rule() })}
        />
      ) : save.error && !errors.threshold ? (
        <Alert title="Not saved">{save.error.message}</Alert>
      ) : null}
      <div className="settings__row">
        <SelectField
          label="Free option"
          name="option_code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        >
          <option value="">No free delivery</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="For orders over (£)"
          name="threshold"
          inputMode="decimal"
          value={threshold}
          disabled={code === ""}
          onChange={(e) => setThreshold(e.target.value)}
          hint="The subtotal must be above this amount, not merely reach it."
          error={errors.threshold}
        />
      </div>
      <Button type="submit" busy={save.isPending}>
        Save free delivery
      </Button>
    </form>
  );
}
