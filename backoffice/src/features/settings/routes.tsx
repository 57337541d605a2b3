import type { RouteObject } from "react-router";
import { useParams } from "react-router";
import { DeliveryOptionEditor } from "./delivery-option-editor";
import { DeliveryOptionHistory, StoreDetailsHistory } from "./histories";
import { SettingsScreen } from "./settings-screen";
import "./settings.css";

function OptionRoute() {
  const { code = "" } = useParams();
  return <DeliveryOptionEditor key={code} code={code} />;
}

function OptionHistoryRoute() {
  const { code = "" } = useParams();
  return <DeliveryOptionHistory key={code} code={code} />;
}

/** The settings section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [
  { path: "settings", element: <SettingsScreen /> },
  { path: "settings/store/history", element: <StoreDetailsHistory /> },
  { path: "settings/delivery/:code", element: <OptionRoute /> },
  { path: "settings/delivery/:code/history", element: <OptionHistoryRoute /> },
];
