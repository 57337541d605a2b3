// The products section's screens, loaded together on the section's first visit (routes.tsx).
export { default as ProductEditScreen } from "./product-edit-screen";
export { default as ProductHistoryScreen } from "./product-history-screen";
export { default as ProductListScreen } from "./product-list-screen";
export { default as ProductNewScreen } from "./product-new-screen";
