import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { formatDateTime } from "~/lib/format";
import { type ProductRevision, productSaved, revisionsKey, useProduct } from "./product-api";
import { RevisionDiff } from "./revision-diff";
import { ConcurrencyAlert, isConcurrencyRefusal } from "./stale-alert";
import "./products.css";

const actions: Record<string, string> = {
  REVISION_ACTION_CREATED: "Created",
  REVISION_ACTION_UPDATED: "Edited",
  REVISION_ACTION_PUBLISHED: "Published",
  REVISION_ACTION_UNPUBLISHED: "Unpublished",
  REVISION_ACTION_ARCHIVED: "Archived",
  REVISION_ACTION_RESTORED: "Restored",
  REVISION_ACTION_IMAGES_CHANGED: "Images changed",
};

const pageSize = 10;

/** ProductHistoryScreen lists a product's revisions, newest first, each with what it changed, and restores one. */
export default function ProductHistoryScreen() {
  const { productId = "" } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useToast();
  const product = useProduct(productId);
  const [restoring, setRestoring] = useState<ProductRevision | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);

  const revisions = useInfiniteQuery({
    queryKey: revisionsKey(productId),
    initialPageParam: "",
    queryFn: async ({ pageParam }) => {
      const res = await unwrap(
        api.GET("/api/v1/admin/products/{product_id}/revisions", {
          params: {
            path: { product_id: productId },
            query: { page_size: pageSize, ...(pageParam ? { page_token: pageParam } : {}) },
          },
        }),
      );
      return { ...res, revisions: (res.revisions ?? []) as ProductRevision[] };
    },
    getNextPageParam: (last) => last.next_page_token || undefined,
  });

  const restore = useMutation({
    mutationFn: async (rev: ProductRevision) => {
      const revision = rev.revision ?? "";
      const res = await unwrap(
        api.POST("/api/v1/admin/products/{product_id}/revisions/{revision}:restore", {
          params: { path: { product_id: productId, revision } },
          body: { product_id: productId, revision, expected_revision: product.data?.revision ?? "0" },
        }),
      );
      return res.product;
    },
    onMutate: () => setRefusal(null),
    onSuccess: (restored, rev) => {
      productSaved(queryClient, restored);
      void queryClient.invalidateQueries({ queryKey: ["admin-product", productId] });
      setRestoring(null);
      notify(
        `Revision ${rev.revision} restored${restored?.revision ? ` as revision ${restored.revision}` : ""}`,
      );
    },
    onError: (err) => {
      setRestoring(null);
      if (err instanceof ApiError && isConcurrencyRefusal(err)) setRefusal(err);
      else notify(err.message, "error");
    },
  });

  const all = revisions.data?.pages.flatMap((p) => p.revisions) ?? [];
  const current = product.data?.revision;
  const name = product.data?.name || "Product";

  let body: ReactNode;
  if (revisions.isPending) body = <LoadingState label="Loading the history..." />;
  else if (revisions.isError)
    body = <ErrorState error={revisions.error} onRetry={() => void revisions.refetch()} />;
  else if (all.length === 0) body = <EmptyState>This product has no saved revisions yet.</EmptyState>;
  else
    body = (
      <ol className="revision-list" aria-label="Revisions, newest first">
        {all.map((rev) => (
          <RevisionItem
            key={rev.revision}
            productId={productId}
            rev={rev}
            isCurrent={rev.revision === current}
            canRestore={Boolean(current) && rev.revision !== current}
            onRestore={() => setRestoring(rev)}
          />
        ))}
      </ol>
    );

  return (
    <>
      <PageHeader
        title={`History of ${name}`}
        description={
          <>
            {current ? `Now at revision ${current}. ` : ""}
            <Link to={`/products/${productId}`}>Back to the product</Link>
          </>
        }
      />
      {product.isError ? <Alert>{product.error.message}</Alert> : null}
      {refusal ? (
        <ConcurrencyAlert
          error={refusal}
          onReload={() => {
            setRefusal(null);
            void product.refetch();
            void revisions.refetch();
          }}
        />
      ) : null}
      {body}
      {revisions.hasNextPage ? (
        <Button
          variant="secondary"
          busy={revisions.isFetchingNextPage}
          onClick={() => void revisions.fetchNextPage()}
        >
          Show older revisions
        </Button>
      ) : null}
      <ConfirmDialog
        open={restoring !== null}
        tone="primary"
        title={`Restore revision ${restoring?.revision ?? ""}?`}
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => restoring && restore.mutate(restoring)}
        onCancel={() => setRestoring(null)}
      >
        Its content becomes a new revision, which can itself be undone. The stock is not restored: it follows
        the orders placed since. Images added since stay.
      </ConfirmDialog>
    </>
  );
}

function RevisionItem({
  productId,
  rev,
  isCurrent,
  canRestore,
  onRestore,
}: {
  productId: string;
  rev: ProductRevision;
  isCurrent: boolean;
  canRestore: boolean;
  onRestore: () => void;
}) {
  const api = useApi();
  const revision = rev.revision ?? "";
  const diff = useQuery({
    queryKey: ["admin-product-diff", productId, revision],
    queryFn: () =>
      unwrap(
        api.GET("/api/v1/admin/products/{product_id}/revisions/{revision}/diff", {
          params: { path: { product_id: productId, revision } },
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const action = actions[rev.action ?? ""] ?? "Changed";
  const who = rev.actor?.display_name || "System";
  const titleId = `revision-${revision}-title`;
  return (
    <li className="panel revision" aria-labelledby={titleId}>
      <div className="revision__head">
        <div>
          <h2 id={titleId}>
            Revision {revision}
            {isCurrent ? " (current)" : ""}
          </h2>
          <p className="revision__meta">
            {action}
            {rev.action === "REVISION_ACTION_RESTORED" && rev.restored_from
              ? ` from revision ${rev.restored_from}`
              : ""}{" "}
            by {who}, {formatDateTime(rev.created_at)}
          </p>
        </div>
        {canRestore ? (
          <Button variant="secondary" onClick={onRestore} aria-label={`Restore revision ${revision}`}>
            Restore
          </Button>
        ) : null}
      </div>
      {diff.isPending ? (
        <LoadingState label="Loading the changes..." />
      ) : diff.isError ? (
        <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />
      ) : (
        <RevisionDiff changes={diff.data.changes ?? []} caption={`What revision ${revision} changed`} />
      )}
    </li>
  );
}
