import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { type ApiKey, apiKeyKeys } from "./api";

/** RevokeKeyDialog asks before a key is revoked, then revokes it: its next request is refused. */
export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: async (id: string) =>
      unwrap(api.POST("/api/v1/admin/api-keys/{id}:revoke", { params: { path: { id } }, body: {} })),
    onSuccess: (res) => {
      toast(`API key “${res.api_key?.name ?? apiKey?.name}” revoked.`);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      close();
    },
  });

  function close() {
    revoke.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={`Revoke “${apiKey?.name ?? ""}”?`}
      confirmLabel="Revoke key"
      busy={revoke.isPending}
      onConfirm={() => apiKey?.id && revoke.mutate(apiKey.id)}
      onCancel={close}
    >
      {revoke.error ? <Alert title="Not revoked">{revoke.error.message}</Alert> : null}
      <p>Apps using it stop working at once. A revoked key cannot be restored: make a new one if needed.</p>
    </ConfirmDialog>
  );
}
