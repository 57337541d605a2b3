import type { RouteObject } from "react-router";

const screens = () => import("./screens");

/** The webhooks section's screens, under the signed-in layout; their code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "webhooks", lazy: async () => ({ Component: (await screens()).WebhooksScreen }) },
  { path: "webhooks/:id", lazy: async () => ({ Component: (await screens()).EndpointScreen }) },
];
