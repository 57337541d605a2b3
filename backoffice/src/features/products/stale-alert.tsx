import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { ApiError } from "~/lib/api/errors";
import { staleMessage } from "~/lib/api/stale";

/** isConcurrencyRefusal reports a refusal that means someone (or an order) changed the product first. */
export function isConcurrencyRefusal(err: ApiError | null | undefined): boolean {
  return err?.reason === "stale_revision" || err?.reason === "stock_changed";
}

/**
 * ConcurrencyAlert explains a write refused because the product moved on since it was loaded:
 * another admin saved it (stale_revision: who and when, from the refusal's metadata), or orders
 * moved the stock (stock_changed). Nothing was saved; Reload fetches the product as it is now.
 */
export function ConcurrencyAlert({
  error,
  onReload,
  reloading,
}: {
  error: ApiError;
  onReload: () => void;
  reloading?: boolean;
}) {
  const staleTitle = staleMessage(error);
  const stale = staleTitle !== null;
  const title = staleTitle ?? "The stock has changed — reload";
  return (
    <Alert tone="warning" title={title} focusOnShow>
      <p>
        {stale
          ? `Your changes were not saved: this product was saved again (revision ${error.metadata.current_revision ?? "?"}) after you opened it. Reload to see the product as it is now, then make your change again.`
          : `Your changes were not saved: orders moved the stock since you loaded this product${
              error.metadata.current_stock ? ` (now ${error.metadata.current_stock})` : ""
            }. Reload, then set the stock again.`}
      </p>
      <Button variant="secondary" busy={reloading} onClick={onReload}>
        Reload
      </Button>
    </Alert>
  );
}
