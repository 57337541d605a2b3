import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { CheckboxField, TextArea, TextField } from "~/components/ui/field";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { type ApiKey, type ApiKeyKind, apiKeyKeys, useApiKeyScopes } from "./api";
import "./api-keys.css";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { apiErrorsOf, errorsOf, type KeyErrors, newKeySchema, parseOrigins } from "./key-form";
import { SecretPanel } from "./secret-panel";

const kinds: { kind: ApiKeyKind; label: string; hint: string }[] = [
  {
    kind: "API_KEY_KIND_SECRET",
    label: "Secret — for servers",
    hint: "Kept on the partner's server. Any scope; refused when a browser sends it.",
  },
  {
    kind: "API_KEY_KIND_PUBLISHABLE",
    label: "Publishable — for browsers on your site, read-only",
    hint: "Used in web pages on the origins you name below, so it may only read what the shop shows everyone.",
  },
];

/**
 * CreateKeyDialog makes a new API key: its name, kind, scopes and (for a publishable key) the
 * origins that may use it. The API answers the key itself once; it is shown in the dialog until
 * the admin says they stored it, and kept nowhere else: not in the URL, the query cache (the
 * mutation's result leaves it out) or any storage. Mounted per opening.
 */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const scopes = useApiKeyScopes();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ApiKeyKind>("API_KEY_KIND_SECRET");
  const [chosen, setChosen] = useState<string[]>([]);
  const [originsText, setOriginsText] = useState("");
  const [errors, setErrors] = useState<KeyErrors>({});
  const [created, setCreated] = useState<{ key: ApiKey; secret: string } | null>(null);
  const scopesId = useId();

  const publishable = kind === "API_KEY_KIND_PUBLISHABLE";
  const publishableScope = (s: string) =>
    scopes.data?.scopes?.find((x) => x.scope === s)?.publishable ?? false;

  const create = useMutation({
    // Forgotten at once: nothing of this call outlives the dialog.
    gcTime: 0,
    mutationFn: async (body: {
      name: string;
      kind: ApiKeyKind;
      scopes: string[];
      allowed_origins: string[];
    }) => {
      const res = await unwrap(api.POST("/api/v1/admin/api-keys", { body }));
      // The secret goes to this dialog's state only; the mutation's result (kept by TanStack
      // Query while observed) is the key without it.
      setCreated({ key: res.api_key ?? {}, secret: res.secret ?? "" });
      return res.api_key ?? {};
    },
    onSuccess: (key) => {
      toast(`API key “${key.name}” created. Copy it now.`);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (err) => setErrors(apiErrorsOf(err)),
  });

  function chooseKind(next: ApiKeyKind) {
    setKind(next);
    // A publishable key may hold only publishable scopes: drop the others rather than send them.
    if (next === "API_KEY_KIND_PUBLISHABLE") setChosen((c) => c.filter(publishableScope));
    setErrors((e) => ({ ...e, kind: undefined, scopes: undefined, allowed_origins: undefined }));
  }

  function toggle(scope: string, on: boolean) {
    setChosen((c) => (on ? [...c, scope] : c.filter((s) => s !== scope)));
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (create.isPending) return;
    const parsed = newKeySchema.safeParse({
      name,
      kind,
      // In the order the API offers them, whatever order they were ticked in.
      scopes: (scopes.data?.scopes ?? []).map((s) => s.scope ?? "").filter((s) => chosen.includes(s)),
      allowed_origins: publishable ? parseOrigins(originsText) : [],
    });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  // A refusal about a field this form does not show (origins of a secret key) is the form's.
  const formError = errors.form ?? (publishable ? undefined : errors.allowed_origins);

  function finish() {
    setCreated(null);
    onClose();
  }

  if (created) {
    return (
      <FormDialog title={`Copy “${created.key.name}” now`} onEscape={() => {}}>
        <SecretPanel secret={created.secret} kind={created.key.kind} onDone={finish} />
      </FormDialog>
    );
  }

  return (
    <FormDialog title="New API key" onEscape={() => !create.isPending && onClose()}>
      <form onSubmit={submit} noValidate>
        {formError ? <Alert title="Not created">{formError}</Alert> : null}
        <TextField
          label="Name"
          name="name"
          hint="What the key is for, e.g. “Warehouse sync” or the partner's name."
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoFocus
        />
        <fieldset
          className="key-form__group"
          aria-describedby={errors.kind ? `${scopesId}-kind-error` : undefined}
        >
          <legend>Kind</legend>
          {kinds.map((k) => (
            <CheckboxField
              key={k.kind}
              type="radio"
              name="kind"
              label={k.label}
              hint={k.hint}
              checked={kind === k.kind}
              onChange={() => chooseKind(k.kind)}
            />
          ))}
          {errors.kind ? (
            <p className="field__error" id={`${scopesId}-kind-error`}>
              {errors.kind}
            </p>
          ) : null}
        </fieldset>
        <fieldset
          className={errors.scopes ? "key-form__group key-form__group--invalid" : "key-form__group"}
          aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}
        >
          <legend>Scopes</legend>
          <p className="field__hint key-form__note">
            What the key may do. Scopes never change later: make a new key for more.
          </p>
          {scopes.isPending ? (
            <LoadingState label="Loading scopes" />
          ) : scopes.error ? (
            <ErrorState error={scopes.error} onRetry={() => scopes.refetch()} />
          ) : (
            (scopes.data.scopes ?? []).map((s) => {
              const allowed = !publishable || s.publishable;
              return (
                <CheckboxField
                  key={s.scope}
                  name="scopes"
                  value={s.scope}
                  label={s.scope ?? ""}
                  hint={allowed ? s.description : `${s.description} For secret keys only.`}
                  checked={allowed && chosen.includes(s.scope ?? "")}
                  disabled={!allowed}
                  onChange={(e) => toggle(s.scope ?? "", e.target.checked)}
                />
              );
            })
          )}
          {errors.scopes ? (
            <p className="field__error" id={`${scopesId}-error`}>
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        {publishable ? (
          <TextArea
            label="Allowed origins"
            name="allowed_origins"
            hint="One a line: the sites whose pages may use the key, scheme and host only, e.g. https://partner.example."
            value={originsText}
            rows={3}
            spellCheck={false}
            onChange={(e) => setOriginsText(e.target.value)}
            error={errors.allowed_origins}
          />
        ) : null}
        <FormDialogActions submitLabel="Create key" busy={create.isPending} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
