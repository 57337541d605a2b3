import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { DeliveryOptionsTable } from "./delivery-options-table";
import { FreeDeliveryRuleForm } from "./free-delivery-rule-form";
import { StoreDetailsForm } from "./store-details-form";

/** SettingsScreen gathers the shop's settings: its public details, delivery options, free delivery. */
export function SettingsScreen() {
  return (
    <>
      <PageHeader
        title="Settings"
        actions={
          <Link className="button button--secondary" to="/settings/store/history">
            Store details history
          </Link>
        }
      />
      <StoreDetailsForm />
      <DeliveryOptionsTable />
      <FreeDeliveryRuleForm />
    </>
  );
}
