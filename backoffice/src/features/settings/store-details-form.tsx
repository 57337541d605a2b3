import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { StaleAlert } from "~/components/ui/stale-alert";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { staleMessage } from "~/lib/api/stale";
import { formatDateTime } from "~/lib/format";
import { settingsKeys, useStoreDetails } from "./api";
import { errorsOf, showErrors } from "./form-errors";
import type { StoreDetails, StoreDetailsInput } from "./types";

const compact = (s: string) => s.replace(/\s+/g, "").toUpperCase();

/** The store details' schema: the API's rules, checked before sending (the API checks again). */
export const storeDetailsSchema = z.object({
  name: z.string().trim().min(1, "Enter the shop's name.").max(100, "At most 100 characters."),
  address_line1: z.string().trim().max(100, "At most 100 characters."),
  address_line2: z.string().trim().max(100, "At most 100 characters."),
  city: z.string().trim().max(100, "At most 100 characters."),
  postcode: z.string().trim().max(16, "At most 16 characters."),
  country: z.string().trim().max(100, "At most 100 characters."),
  contact_email: z
    .email("Enter an e-mail address like hello@example.com.")
    .max(254, "At most 254 characters."),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\+?[\d\s()-]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v)), {
      message: "Enter 7 to 15 digits; spaces, brackets, hyphens and a leading + are fine.",
    }),
  company_number: z
    .string()
    .transform(compact)
    .refine((v) => v === "" || /^(\d{8}|[A-Z]{2}\d{6})$/.test(v), {
      message: "Enter 8 digits, or 2 letters and 6 digits.",
    }),
  vat_number: z
    .string()
    .transform(compact)
    .refine((v) => v === "" || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v), {
      message: "Enter the VAT number with its country prefix, e.g. GB123456789.",
    }),
});

type Field = keyof z.input<typeof storeDetailsSchema>;

const fields: { name: Field; label: string; autoComplete?: string; type?: string; hint?: string }[] = [
  { name: "name", label: "Shop name", autoComplete: "organization" },
  { name: "address_line1", label: "Address line 1", autoComplete: "address-line1" },
  { name: "address_line2", label: "Address line 2", autoComplete: "address-line2" },
  { name: "city", label: "Town or city", autoComplete: "address-level2" },
  { name: "postcode", label: "Postcode", autoComplete: "postal-code" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  {
    name: "contact_email",
    label: "Contact e-mail",
    type: "email",
    autoComplete: "email",
    hint: "Where shoppers write to, and the sender of the shop's e-mails.",
  },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "company_number", label: "Company number", hint: "8 digits, or 2 letters and 6 digits." },
  { name: "vat_number", label: "VAT number", hint: "With its country prefix, e.g. GB123456789." },
];

function valuesOf(d: StoreDetails | null): Record<Field, string> {
  return Object.fromEntries(fields.map((f) => [f.name, d?.[f.name] ?? ""])) as Record<Field, string>;
}

/**
 * StoreDetailsForm edits the shop's public details, printed in the storefront's footer and the
 * e-mails. It saves with the revision it was opened at; a shop without details gets them from
 * its first save.
 */
export function StoreDetailsForm() {
  const details = useStoreDetails();
  return (
    <section className="panel" aria-labelledby="store-details-heading">
      <h2 id="store-details-heading">Store details</h2>
      <p className="settings__lead">
        Shown in the shop's footer and contact page, and in the e-mails' signature.
      </p>
      {details.isPending ? (
        <LoadingState label="Loading the store details..." />
      ) : details.isError ? (
        <ErrorState error={details.error} onRetry={() => details.refetch()} />
      ) : (
        <DetailsForm key={details.data?.revision ?? "none"} details={details.data} />
      )}
    </section>
  );
}

function DetailsForm({ details }: { details: StoreDetails | null }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState(() => valuesOf(details));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: async (input: StoreDetailsInput) =>
      unwrap(
        api.PATCH("/api/v1/admin/settings/store", {
          params: { query: details?.revision ? { expected_revision: details.revision } : {} },
          body: input,
        }),
      ),
    onSuccess: (res) => {
      toast("Store details saved.");
      queryClient.setQueryData(settingsKeys.store(), res.store_details ?? null);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.storeRevisions() });
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors({ ...err.fields });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = storeDetailsSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(e.currentTarget, setErrors, errorsOf(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const stale = staleMessage(save.error);
  const unplaced =
    save.error && !stale && !fields.some((f) => save.error instanceof ApiError && save.error.fields[f.name]);

  return (
    <form onSubmit={submit} noValidate aria-label="Store details">
      {details === null ? (
        <Alert tone="info">The shop has no details yet: saving this form sets them.</Alert>
      ) : details.updated_at ? (
        <p className="settings__meta">
          Revision {details.revision} · saved {formatDateTime(details.updated_at)}
          {details.updated_by?.display_name ? ` by ${details.updated_by.display_name}` : ""}
        </p>
      ) : null}
      {stale ? (
        <StaleAlert
          message={stale}
          onReload={() => void queryClient.invalidateQueries({ queryKey: settingsKeys.store() })}
        />
      ) : unplaced ? (
        <Alert title="Not saved">{save.error?.message}</Alert>
      ) : null}
      <div className="settings__grid">
        {fields.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type ?? "text"}
            autoComplete={f.autoComplete}
            hint={f.hint}
            required={f.name === "name" || f.name === "contact_email"}
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            error={errors[f.name]}
          />
        ))}
      </div>
      <Button type="submit" busy={save.isPending}>
        Save store details
      </Button>
    </form>
  );
}
