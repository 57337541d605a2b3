// The settings section's screens, loaded together on the section's first visit (routes.tsx).
import { useParams } from "react-router";
import { DeliveryOptionEditor } from "./delivery-option-editor";
import { DeliveryOptionHistory } from "./histories";
import "./settings.css";

export { StoreDetailsHistory } from "./histories";
export { SettingsScreen } from "./settings-screen";

/** OptionScreen edits the delivery option the URL names. */
export function OptionScreen() {
  const { code = "" } = useParams();
  return <DeliveryOptionEditor key={code} code={code} />;
}

/** OptionHistoryScreen shows the history of the delivery option the URL names. */
export function OptionHistoryScreen() {
  const { code = "" } = useParams();
  return <DeliveryOptionHistory key={code} code={code} />;
}
