// The orders section's screens, loaded together on the section's first visit (routes.tsx).
export { default as OrderDetailScreen } from "./order-detail-screen";
export { default as OrdersListScreen } from "./orders-list-screen";
