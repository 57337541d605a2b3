import type { RouteObject } from "react-router";
import ProductEditScreen from "./product-edit-screen";
import ProductHistoryScreen from "./product-history-screen";
import ProductListScreen from "./product-list-screen";
import ProductNewScreen from "./product-new-screen";

/** The products section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [
  { path: "products", element: <ProductListScreen /> },
  { path: "products/new", element: <ProductNewScreen /> },
  { path: "products/:productId", element: <ProductEditScreen /> },
  { path: "products/:productId/history", element: <ProductHistoryScreen /> },
];
