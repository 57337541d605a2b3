import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { type Endpoint, isEventType, webhookKeys } from "./api";
import { EndpointFields, sortedTypes } from "./endpoint-fields";
import { apiErrorsOf, type EndpointErrors, type EndpointValues, parseEndpoint } from "./endpoint-form";
import "./webhooks.css";

/**
 * EditEndpointDialog changes an endpoint's URL, note and event types (sent whole: the API
 * replaces the list). Its secret and whether it is enabled have their own actions. Mounted per
 * opening.
 */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<EndpointValues>({
    url: endpoint.url ?? "",
    description: endpoint.description ?? "",
    event_types: (endpoint.event_types ?? []).filter(isEventType),
  });
  const [errors, setErrors] = useState<EndpointErrors>({});

  const save = useMutation({
    mutationFn: async (body: EndpointValues) =>
      unwrap(
        api.PATCH("/api/v1/admin/webhook-endpoints/{endpoint_id}", {
          params: { path: { endpoint_id: endpoint.id ?? "" } },
          body,
        }),
      ),
    onSuccess: (res) => {
      toast(`Endpoint ${res.endpoint?.url ?? values.url} saved.`);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      onClose();
    },
    onError: (err) => setErrors(apiErrorsOf(err)),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    const checked = parseEndpoint({ ...values, event_types: sortedTypes(values.event_types) });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.values);
  }

  return (
    <FormDialog size="wide" title="Edit endpoint" onEscape={() => !save.isPending && onClose()}>
      <form onSubmit={submit} noValidate>
        {errors.form ? <Alert title="Not saved">{errors.form}</Alert> : null}
        <EndpointFields values={values} errors={errors} onChange={setValues} />
        <FormDialogActions submitLabel="Save" busy={save.isPending} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
