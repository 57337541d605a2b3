import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { type Endpoint, webhookKeys } from "./api";
import { EndpointFields, sortedTypes } from "./endpoint-fields";
import { apiErrorsOf, type EndpointErrors, type EndpointValues, parseEndpoint } from "./endpoint-form";
import { SecretPanel } from "./secret-panel";
import "./webhooks.css";

/**
 * CreateEndpointDialog registers a webhook endpoint: its URL, a note and the event types it
 * receives. The API answers the signing secret once; it is shown in the dialog until the admin
 * says they stored it, and kept nowhere else: not in the URL, the query cache (the mutation's
 * result leaves it out) or any storage. Mounted per opening.
 */
export function CreateEndpointDialog({ onClose }: { onClose: (created?: Endpoint) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<EndpointValues>({ url: "", description: "", event_types: [] });
  const [errors, setErrors] = useState<EndpointErrors>({});
  const [created, setCreated] = useState<{ endpoint: Endpoint; secret: string } | null>(null);

  const create = useMutation({
    // Forgotten at once: nothing of this call outlives the dialog.
    gcTime: 0,
    mutationFn: async (body: EndpointValues) => {
      const res = await unwrap(api.POST("/api/v1/admin/webhook-endpoints", { body }));
      // The secret goes to this dialog's state only; the mutation's result is the endpoint without it.
      setCreated({ endpoint: res.endpoint ?? {}, secret: res.signing_secret ?? "" });
      return res.endpoint ?? {};
    },
    onSuccess: (endpoint) => {
      toast(`Endpoint ${endpoint.url} registered. Copy its signing secret now.`);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
    onError: (err) => setErrors(apiErrorsOf(err)),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (create.isPending) return;
    const checked = parseEndpoint({ ...values, event_types: sortedTypes(values.event_types) });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.values);
  }

  if (created) {
    const endpoint = created.endpoint;
    return (
      <FormDialog size="wide" title="Copy the signing secret now" onEscape={() => {}}>
        <SecretPanel
          secret={created.secret}
          onDone={() => {
            setCreated(null);
            onClose(endpoint);
          }}
        >
          <p className="webhook-dialog__for">
            For <span className="webhooks__url">{endpoint.url}</span>
          </p>
        </SecretPanel>
      </FormDialog>
    );
  }

  return (
    <FormDialog size="wide" title="New webhook endpoint" onEscape={() => !create.isPending && onClose()}>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert title="Not registered">{errors.form}</Alert> : null}
        <EndpointFields values={values} errors={errors} onChange={setValues} />
        <FormDialogActions submitLabel="Register endpoint" busy={create.isPending} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
