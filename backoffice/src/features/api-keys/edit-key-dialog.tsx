import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { TextArea, TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { type ApiKey, apiKeyKeys } from "./api";
import "./api-keys.css";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { apiErrorsOf, editKeySchema, errorsOf, type KeyErrors, parseOrigins } from "./key-form";

/**
 * EditKeyDialog renames a key and, for a publishable key, changes the origins that may use it.
 * Scopes are not offered: they never change (the API's rule), so no key quietly gains powers.
 * Mounted per opening.
 */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const publishable = apiKey.kind === "API_KEY_KIND_PUBLISHABLE";
  const [name, setName] = useState(apiKey.name ?? "");
  const [originsText, setOriginsText] = useState((apiKey.allowed_origins ?? []).join("\n"));
  const [errors, setErrors] = useState<KeyErrors>({});

  const save = useMutation({
    mutationFn: async (body: { name: string; allowed_origins?: { origins: string[] } }) =>
      unwrap(
        api.PATCH("/api/v1/admin/api-keys/{id}", {
          params: { path: { id: apiKey.id ?? "" } },
          body,
        }),
      ),
    onSuccess: (res) => {
      toast(`API key “${res.api_key?.name ?? name}” saved.`);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      onClose();
    },
    onError: (err) => setErrors(apiErrorsOf(err)),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = editKeySchema.safeParse({
      name,
      allowed_origins: publishable ? parseOrigins(originsText) : [],
    });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    if (publishable && parsed.data.allowed_origins.length === 0) {
      setErrors({ allowed_origins: "Name at least one origin (such as https://partner.example)." });
      return;
    }
    setErrors({});
    save.mutate({
      name: parsed.data.name,
      ...(publishable ? { allowed_origins: { origins: parsed.data.allowed_origins } } : {}),
    });
  }

  return (
    <FormDialog title={`Edit “${apiKey.name}”`} onEscape={() => !save.isPending && onClose()}>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert title="Not saved">{errors.form}</Alert> : null}
        <TextField
          label="Name"
          name="name"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoFocus
        />
        {publishable ? (
          <TextArea
            label="Allowed origins"
            name="allowed_origins"
            hint="One a line, scheme and host only, e.g. https://partner.example. A removed origin's pages stop working at once."
            value={originsText}
            rows={3}
            spellCheck={false}
            onChange={(e) => setOriginsText(e.target.value)}
            error={errors.allowed_origins}
          />
        ) : (
          <p className="field__hint">A secret key is for servers: it has no allowed origins.</p>
        )}
        <p className="field__hint">Its scopes stay as they are: to give more, make a new key.</p>
        <FormDialogActions submitLabel="Save" busy={save.isPending} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
