// The webhooks section's screens, loaded on the section's first visit (routes.tsx).
export { EndpointScreen } from "./endpoint-screen";
export { WebhooksScreen } from "./webhooks-screen";
