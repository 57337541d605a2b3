import type { RouteObject } from "react-router";

const screens = () => import("./screens");

/** The settings section's screens, under the signed-in layout; their code loads on the first visit. */
export const routes: RouteObject[] = [
  { path: "settings", lazy: async () => ({ Component: (await screens()).SettingsScreen }) },
  {
    path: "settings/store/history",
    lazy: async () => ({ Component: (await screens()).StoreDetailsHistory }),
  },
  { path: "settings/delivery/:code", lazy: async () => ({ Component: (await screens()).OptionScreen }) },
  {
    path: "settings/delivery/:code/history",
    lazy: async () => ({ Component: (await screens()).OptionHistoryScreen }),
  },
];
