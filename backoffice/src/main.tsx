import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { appRoutes } from "./app/routes";
import { createApiClient } from "./lib/api/client";
import { newQueryClient } from "./lib/query-client";
import "./styles/app.css";

const router = createBrowserRouter(appRoutes, { basename: "/admin" });
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

createRoot(root).render(
  <StrictMode>
    <Providers api={createApiClient()} queryClient={newQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
