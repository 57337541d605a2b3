import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormDialog } from "~/components/ui/form-dialog";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { formatDateTime } from "~/lib/format";
import { type Endpoint, webhookKeys } from "./api";
import { SecretPanel } from "./secret-panel";
import "./webhooks.css";

type Close = { endpoint: Endpoint; open: boolean; onClose: () => void };

/**
 * RotateSecretDialog asks before an endpoint gets a new signing secret, then shows the new one,
 * once. The old secret keeps signing beside it for 24 hours, so the receiver can switch over.
 */
export function RotateSecretDialog({ endpoint, open, onClose }: Close) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [secret, setSecret] = useState<{ value: string; until?: string | undefined } | null>(null);
  const rotate = useMutation({
    gcTime: 0,
    mutationFn: async () => {
      const res = await unwrap(
        api.POST("/api/v1/admin/webhook-endpoints/{endpoint_id}:rotateSecret", {
          params: { path: { endpoint_id: endpoint.id ?? "" } },
          body: {},
        }),
      );
      // Kept in this dialog's state only, never in the query cache.
      setSecret({ value: res.signing_secret ?? "", until: res.endpoint?.previous_secret_expires_at });
    },
    onSuccess: () => {
      toast("Signing secret rotated. Copy the new one now.");
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });

  function close() {
    rotate.reset();
    setSecret(null);
    onClose();
  }

  // The question closes before the secret opens (effects run in this order), so focus goes back
  // to the Rotate button and, when the secret is stored, returns there again.
  return (
    <>
      <ConfirmDialog
        open={open && !secret}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        tone="primary"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={close}
      >
        {rotate.error ? <Alert title="Not rotated">{rotate.error.message}</Alert> : null}
        <p>
          The endpoint gets a new secret, shown once. For the next 24 hours the old secret keeps signing too
          (each delivery carries both signatures), so the receiver can switch over without refusing a
          delivery.
        </p>
      </ConfirmDialog>
      {secret ? (
        <FormDialog size="wide" title="Copy the new signing secret now" onEscape={() => {}}>
          <SecretPanel secret={secret.value} onDone={close}>
            <p className="webhook-dialog__for">
              The previous secret keeps signing beside this one
              {secret.until ? ` until ${formatDateTime(secret.until)}` : " for 24 hours"}: update the receiver
              before then.
            </p>
          </SecretPanel>
        </FormDialog>
      ) : null}
    </>
  );
}

/** DeleteEndpointDialog asks before an endpoint is removed, with its delivery log, then goes back to the list. */
export function DeleteEndpointDialog({ endpoint, open, onClose }: Close) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(
        api.DELETE("/api/v1/admin/webhook-endpoints/{endpoint_id}", {
          params: { path: { endpoint_id: endpoint.id ?? "" } },
        }),
      ),
    onSuccess: () => {
      toast(`Endpoint ${endpoint.url} deleted.`);
      queryClient.removeQueries({ queryKey: webhookKeys.endpoint(endpoint.id ?? "") });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
      void navigate("/webhooks");
    },
  });

  function close() {
    remove.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={open}
      title="Delete this endpoint?"
      confirmLabel="Delete endpoint"
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={close}
    >
      {remove.error ? <Alert title="Not deleted">{remove.error.message}</Alert> : null}
      <p>
        <span className="webhooks__url">{endpoint.url}</span> stops receiving events at once, deliveries under
        way stop, and its delivery log is removed. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

/** DisableEndpointDialog asks before an endpoint stops receiving events, then disables it. */
export function DisableEndpointDialog({ endpoint, open, onClose }: Close) {
  const setEnabled = useSetEnabled(endpoint);
  function close() {
    setEnabled.reset();
    onClose();
  }
  return (
    <ConfirmDialog
      open={open}
      title="Disable this endpoint?"
      confirmLabel="Disable endpoint"
      busy={setEnabled.isPending}
      onConfirm={() => setEnabled.mutate(false, { onSuccess: close })}
      onCancel={close}
    >
      {setEnabled.error ? <Alert title="Not disabled">{setEnabled.error.message}</Alert> : null}
      <p>
        The shop stops sending it events: those that happen meanwhile are skipped, not kept for later. You can
        enable it again at any time.
      </p>
    </ConfirmDialog>
  );
}

/** useSetEnabled enables or disables an endpoint; enabling one the shop disabled resets its failures. */
export function useSetEnabled(endpoint: Endpoint) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      unwrap(
        api.PATCH("/api/v1/admin/webhook-endpoints/{endpoint_id}", {
          params: { path: { endpoint_id: endpoint.id ?? "" } },
          body: { enabled },
        }),
      ),
    onSuccess: (res, enabled) => {
      if (res.endpoint) queryClient.setQueryData(webhookKeys.endpoint(endpoint.id ?? ""), res.endpoint);
      toast(enabled ? "Endpoint enabled: events are sent to it again." : "Endpoint disabled.");
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
    onError: (err, enabled) => {
      if (enabled) toast(`Not enabled: ${err.message}`, "error");
    },
  });
}
