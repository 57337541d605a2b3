import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { settingsKeys, useDeliveryOption, useStoreDetails } from "./api";
import { RevisionHistory } from "./revision-history";

const storeLabels: Record<string, string> = {
  name: "Shop name",
  address_line1: "Address line 1",
  address_line2: "Address line 2",
  city: "Town or city",
  postcode: "Postcode",
  country: "Country",
  contact_email: "Contact e-mail",
  phone: "Phone",
  company_number: "Company number",
  vat_number: "VAT number",
};

const optionLabels: Record<string, string> = {
  name: "Name",
  carrier: "Carrier",
  estimated_delivery: "Estimated delivery",
  price: "Price",
  position: "Position",
  active: "Offered at checkout",
};

/** StoreDetailsHistory is the store details' revisions with restore. */
export function StoreDetailsHistory() {
  const api = useApi();
  const details = useStoreDetails();
  const revisions = useQuery({
    queryKey: settingsKeys.storeRevisions(),
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/admin/settings/store/revisions", { params: { query: { page_size: 100 } } }),
        )
      ).revisions ?? [],
  });
  return (
    <>
      <PageHeader
        title="History of the store details"
        actions={
          <Link className="button button--secondary" to="/settings">
            Settings
          </Link>
        }
      />
      <RevisionHistory
        what="store"
        labels={storeLabels}
        current={details.data?.revision}
        revisions={revisions}
        diff={async (revision) =>
          (
            await unwrap(
              api.GET("/api/v1/admin/settings/store/revisions/{revision}/diff", {
                params: { path: { revision } },
              }),
            )
          ).changes ?? []
        }
        restore={(revision) =>
          unwrap(
            api.POST("/api/v1/admin/settings/store/revisions/{revision}:restore", {
              params: { path: { revision } },
              body: { expected_revision: details.data?.revision ?? "0" },
            }),
          )
        }
        invalidate={[settingsKeys.store(), settingsKeys.storeRevisions()]}
      />
    </>
  );
}

/** DeliveryOptionHistory is one delivery option's revisions with restore. */
export function DeliveryOptionHistory({ code }: { code: string }) {
  const api = useApi();
  const option = useDeliveryOption(code);
  const revisions = useQuery({
    queryKey: settingsKeys.optionRevisions(code),
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/admin/delivery-options/{code}/revisions", {
            params: { path: { code }, query: { page_size: 100 } },
          }),
        )
      ).revisions ?? [],
  });
  return (
    <>
      <PageHeader
        title={`History of ${option.data?.name ?? code}`}
        actions={
          <Link className="button button--secondary" to={`/settings/delivery/${code}`}>
            Edit option
          </Link>
        }
      />
      <RevisionHistory
        what={`delivery-option:${code}`}
        labels={optionLabels}
        current={option.data?.revision}
        revisions={revisions}
        diff={async (revision) =>
          (
            await unwrap(
              api.GET("/api/v1/admin/delivery-options/{code}/revisions/{revision}/diff", {
                params: { path: { code, revision } },
              }),
            )
          ).changes ?? []
        }
        restore={(revision) =>
          unwrap(
            api.POST("/api/v1/admin/delivery-options/{code}/revisions/{revision}:restore", {
              params: { path: { code, revision } },
              body: { expected_revision: option.data?.revision ?? "0" },
            }),
          )
        }
        invalidate={[settingsKeys.option(code), settingsKeys.optionRevisions(code), settingsKeys.options()]}
      />
    </>
  );
}
