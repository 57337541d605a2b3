import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ChangesTable, Empty } from "~/components/ui/changes-table";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { staleMessage } from "~/lib/api/stale";
import { formatDateTime } from "~/lib/format";
import { useUrlState } from "~/lib/url-state";
import { settingsKeys } from "./api";
import type { Actor, FieldChange } from "./types";

/** Revision is what a history shows of any revision of the settings. */
export type Revision = {
  revision?: string;
  action?: string;
  actor?: Actor;
  created_at?: string;
  restored_from?: string;
};

const actions: Record<string, string> = {
  REVISION_ACTION_CREATED: "Created",
  REVISION_ACTION_UPDATED: "Edited",
  REVISION_ACTION_RESTORED: "Restored",
};

const viewDefaults = { show: "" };

/**
 * RevisionHistory lists one settings record's revisions, newest first, with what each changed
 * (the open one is in the URL) and a restore, asked first, that writes it as a new revision.
 */
export function RevisionHistory(props: {
  /** Names the record in query keys, e.g. "store" or "delivery-option:standard". */
  what: string;
  /** Field names as the API writes them, to labels. */
  labels: Record<string, string>;
  current: string | undefined;
  revisions: { data: Revision[] | undefined; error: Error | null; refetch: () => unknown };
  diff: (revision: string) => Promise<FieldChange[]>;
  restore: (revision: string) => Promise<unknown>;
  /** The query keys a restore makes stale. */
  invalidate: readonly (readonly unknown[])[];
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [view, setView] = useUrlState(viewDefaults);
  const [restoring, setRestoring] = useState<string | null>(null);
  const restore = useMutation({
    mutationFn: props.restore,
    onSuccess: (_res, revision) => {
      toast(`Revision ${revision} restored.`);
      setRestoring(null);
      for (const key of props.invalidate) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => setRestoring(null),
  });
  const stale = staleMessage(restore.error);
  const { data, error } = props.revisions;

  return (
    <>
      {stale ? (
        <Alert title="Not restored">
          <p>{stale}</p>
          <Button
            variant="secondary"
            onClick={() => {
              for (const key of props.invalidate) void queryClient.invalidateQueries({ queryKey: key });
            }}
          >
            Reload
          </Button>
        </Alert>
      ) : restore.error ? (
        <Alert title="Not restored">{restore.error.message}</Alert>
      ) : null}
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void props.revisions.refetch()} />
      ) : !data ? (
        <LoadingState label="Loading the history..." />
      ) : data.length === 0 ? (
        <EmptyState>No history yet.</EmptyState>
      ) : (
        <ol className="settings-history">
          {data.map((r) => (
            <Item
              key={r.revision}
              what={props.what}
              labels={props.labels}
              revision={r}
              current={r.revision === props.current}
              open={view.show === r.revision}
              diff={props.diff}
              onToggle={() => setView({ show: view.show === r.revision ? "" : (r.revision ?? "") })}
              onRestore={() => setRestoring(r.revision ?? null)}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore revision ${restoring ?? ""}?`}
        confirmLabel="Restore"
        tone="primary"
        busy={restore.isPending}
        onConfirm={() => restoring && restore.mutate(restoring)}
        onCancel={() => setRestoring(null)}
      >
        Its values are saved again as a new revision, which can itself be undone.
      </ConfirmDialog>
    </>
  );
}

function Item(props: {
  what: string;
  labels: Record<string, string>;
  revision: Revision;
  current: boolean;
  open: boolean;
  diff: (revision: string) => Promise<FieldChange[]>;
  onToggle: () => void;
  onRestore: () => void;
}) {
  const r = props.revision;
  const n = r.revision ?? "";
  const diff = useQuery({
    queryKey: settingsKeys.diff(props.what, n),
    enabled: props.open,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => props.diff(n),
  });
  const panelId = `${props.what}-revision-${n}`;
  return (
    <li className="panel settings-history__item">
      <div className="settings-history__head">
        <h2 className="settings-history__title">
          Revision {n}
          {props.current ? <span className="settings__muted"> (current)</span> : null}
        </h2>
        <p className="settings-history__meta">
          {actions[r.action ?? ""] ?? "Changed"}
          {r.restored_from && r.restored_from !== "0" ? ` from revision ${r.restored_from}` : ""} ·{" "}
          {r.actor?.display_name || "System"} · {formatDateTime(r.created_at)}
        </p>
        <div className="settings-history__actions">
          <Button
            variant="secondary"
            aria-expanded={props.open}
            aria-controls={props.open ? panelId : undefined}
            aria-label={`${props.open ? "Hide" : "Show"} changes of revision ${n}`}
            onClick={props.onToggle}
          >
            {props.open ? "Hide changes" : "Show changes"}
          </Button>
          {props.current ? null : (
            <Button variant="secondary" aria-label={`Restore revision ${n}`} onClick={props.onRestore}>
              Restore
            </Button>
          )}
        </div>
      </div>
      {props.open ? (
        <div id={panelId}>
          {diff.isPending ? (
            <LoadingState label="Loading the changes..." />
          ) : diff.isError ? (
            <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />
          ) : diff.data.length === 0 ? (
            <p>This revision changed nothing.</p>
          ) : (
            <ChangesTable
              caption={`Changes in revision ${n}`}
              changes={diff.data.map((c) => ({
                key: c.field ?? "",
                label: props.labels[c.field ?? ""] ?? c.field ?? "",
                before: c.before || <Empty />,
                after: c.after || <Empty />,
              }))}
            />
          )}
        </div>
      ) : null}
    </li>
  );
}
