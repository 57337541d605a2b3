import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { type Account, accountKeys, type Role } from "./api";

export function nameOf(a: Account): string {
  return `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim() || (a.email ?? "this account");
}

/**
 * RoleDialog asks before an account's role changes, then sends it. An admin with two-factor
 * authentication confirms with a fresh code (the API's step-up, reason totp_required); refusals
 * such as changing one's own role or withdrawing the last admin are shown as the API words them.
 */
export function RoleDialog({
  account,
  role,
  onClose,
}: {
  account: Account | null;
  role: Role;
  onClose: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = account ? nameOf(account) : "";

  const change = useMutation({
    mutationFn: async () =>
      unwrap(
        api.PATCH("/api/v1/admin/accounts/{account_id}/role", {
          params: { path: { account_id: account?.id ?? "" } },
          body: { role, ...(needsCode ? { totp_code: code.trim() } : {}) },
        }),
      ),
    onSuccess: () => {
      toast(role === "ROLE_ADMIN" ? `${name} is now an admin.` : `${name} is now a customer.`);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      close();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return setRefusal(err.message);
      if (err.reason === "totp_required") {
        setNeedsCode(true);
        setCodeError(undefined);
      } else if (err.reason === "invalid_totp_code") {
        setNeedsCode(true);
        setCodeError(err.message);
      } else {
        // own_role, last_admin, totp_enrolment_required…: nothing to fix here, the message says why.
        setRefusal(err.message);
      }
    },
  });

  function close() {
    setNeedsCode(false);
    setCode("");
    setCodeError(undefined);
    setRefusal(null);
    change.reset();
    onClose();
  }

  function confirm() {
    if (needsCode && !/^\d{6}$/.test(code.trim())) {
      setCodeError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    setRefusal(null);
    change.mutate();
  }

  const admin = role === "ROLE_ADMIN";
  return (
    <ConfirmDialog
      open={account !== null}
      title={admin ? `Make ${name} an admin?` : `Withdraw ${name}'s admin role?`}
      confirmLabel={admin ? "Make admin" : "Make customer"}
      tone={admin ? "primary" : "danger"}
      busy={change.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {refusal ? <Alert title="Not changed">{refusal}</Alert> : null}
      <p>
        {admin
          ? `${name} (${account?.email}) will be able to use the back office: products, orders, pages, settings and users.`
          : `${name} (${account?.email}) becomes a customer and is signed out of every session at once.`}
      </p>
      {needsCode ? (
        <TextField
          label="Your authentication code"
          name="totp_code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="Confirm the change with a current code from your authenticator app."
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={codeError}
          autoFocus
        />
      ) : null}
    </ConfirmDialog>
  );
}

/** RevokeDialog asks before signing an account out of every browser and device, then does it. */
export function RevokeDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const api = useApi();
  const toast = useToast();
  const name = account ? nameOf(account) : "";
  const revoke = useMutation({
    mutationFn: async () =>
      unwrap(
        api.POST("/api/v1/admin/accounts/{account_id}/sessions:revoke", {
          params: { path: { account_id: account?.id ?? "" } },
          body: {},
        }),
      ),
    onSuccess: (res) => {
      const n = res.revoked_sessions ?? 0;
      toast(
        n === 0
          ? `${name} had no live sessions.`
          : `${name} is signed out of ${n} ${n === 1 ? "session" : "sessions"}.`,
      );
      close();
    },
  });

  function close() {
    revoke.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={account !== null}
      title={`Sign ${name} out everywhere?`}
      confirmLabel="Sign out everywhere"
      busy={revoke.isPending}
      onConfirm={() => revoke.mutate()}
      onCancel={close}
    >
      {revoke.error ? <Alert title="Not signed out">{revoke.error.message}</Alert> : null}
      <p>
        Every session of {account?.email} ends at once, on every browser and device. Their password and role
        stay as they are.
      </p>
    </ConfirmDialog>
  );
}
