import type { RouteObject } from "react-router";
import OrderDetailScreen from "./order-detail-screen";
import OrdersListScreen from "./orders-list-screen";

/** The orders section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [
  { path: "orders", element: <OrdersListScreen /> },
  { path: "orders/:orderId", element: <OrderDetailScreen /> },
];
