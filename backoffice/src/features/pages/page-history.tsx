import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { staleMessage } from "~/lib/api/stale";
import { formatDateTime } from "~/lib/format";
import { useUrlState } from "~/lib/url-state";
import { pageKeys, usePage, usePageDiff, usePageRevisions } from "./api";
import { DiffView } from "./diff-view";
import type { PageRevision } from "./types";

const actions: Record<string, string> = {
  REVISION_ACTION_CREATED: "Created",
  REVISION_ACTION_UPDATED: "Edited",
  REVISION_ACTION_RESTORED: "Restored",
};

const viewDefaults = { show: "" };

/**
 * PageHistory lists a page's revisions, newest first: who saved each and when, what it changed
 * (opened one at a time; the open one is in the URL), and a restore that writes the old title
 * and content as a new revision.
 */
export function PageHistory({ slug }: { slug: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const page = usePage(slug);
  const revisions = usePageRevisions(slug);
  const [view, setView] = useUrlState(viewDefaults);
  const [restoring, setRestoring] = useState<PageRevision | null>(null);

  const restore = useMutation({
    mutationFn: async (revision: string) =>
      unwrap(
        api.POST("/api/v1/admin/pages/{slug}/revisions/{revision}:restore", {
          params: { path: { slug, revision } },
          body: { expected_revision: (page.data?.revision as string | undefined) ?? "0" },
        }),
      ),
    onSuccess: (_res, revision) => {
      toast(`Revision ${revision} restored.`);
      setRestoring(null);
      void queryClient.invalidateQueries({ queryKey: pageKeys.all });
    },
    onError: () => setRestoring(null),
  });

  const title = page.data?.title || slug;
  const current = page.data?.revision;
  const stale = staleMessage(restore.error);

  return (
    <>
      <PageHeader
        title={`History of “${title}”`}
        actions={
          <Link className="button button--secondary" to={`/pages/${slug}`}>
            Edit page
          </Link>
        }
      />
      {stale ? (
        <Alert title="Not restored">
          <p>{stale}</p>
          <Button
            variant="secondary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: pageKeys.all })}
          >
            Reload
          </Button>
        </Alert>
      ) : restore.error ? (
        <Alert title="Not restored">{restore.error.message}</Alert>
      ) : null}
      {revisions.isPending ? (
        <LoadingState label="Loading the history..." />
      ) : revisions.isError ? (
        <ErrorState error={revisions.error} onRetry={() => revisions.refetch()} />
      ) : revisions.data.length === 0 ? (
        <EmptyState>This page has no history yet.</EmptyState>
      ) : (
        <ol className="page-history">
          {revisions.data.map((r) => (
            <RevisionItem
              key={r.revision}
              slug={slug}
              revision={r}
              current={r.revision === current}
              open={view.show === r.revision}
              onToggle={() => setView({ show: view.show === r.revision ? "" : (r.revision ?? "") })}
              onRestore={() => setRestoring(r)}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore revision ${restoring?.revision ?? ""}?`}
        confirmLabel="Restore"
        tone="primary"
        busy={restore.isPending}
        onConfirm={() => restoring?.revision && restore.mutate(restoring.revision)}
        onCancel={() => setRestoring(null)}
      >
        The page’s title and content become those of revision {restoring?.revision}, saved as a new revision
        that can itself be undone.
      </ConfirmDialog>
    </>
  );
}

function RevisionItem({
  slug,
  revision,
  current,
  open,
  onToggle,
  onRestore,
}: {
  slug: string;
  revision: PageRevision;
  current: boolean;
  open: boolean;
  onToggle: () => void;
  onRestore: () => void;
}) {
  const n = revision.revision ?? "";
  const diff = usePageDiff(slug, n, open);
  const panelId = `revision-${n}-changes`;
  return (
    <li className="panel page-history__item">
      <div className="page-history__head">
        <h2 className="page-history__title">
          Revision {n}
          {current ? <span className="page-history__current"> (current)</span> : null}
        </h2>
        <p className="page-history__meta">
          {actions[revision.action ?? ""] ?? "Changed"}
          {revision.restored_from && revision.restored_from !== "0"
            ? ` from revision ${revision.restored_from}`
            : ""}
          {" · "}
          {revision.actor?.display_name || "System"} · {formatDateTime(revision.created_at)}
        </p>
        <div className="page-history__actions">
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={`${open ? "Hide" : "Show"} changes of revision ${n}`}
            onClick={onToggle}
          >
            {open ? "Hide changes" : "Show changes"}
          </Button>
          {current ? null : (
            <Button variant="secondary" aria-label={`Restore revision ${n}`} onClick={onRestore}>
              Restore
            </Button>
          )}
        </div>
      </div>
      {open ? (
        <div id={panelId}>
          {diff.isPending ? (
            <LoadingState label="Loading the changes..." />
          ) : diff.isError ? (
            <ErrorState error={diff.error} onRetry={() => diff.refetch()} />
          ) : (
            <DiffView changes={diff.data.changes ?? []} />
          )}
        </div>
      ) : null}
    </li>
  );
}
