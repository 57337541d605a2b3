import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "~/components/ui/toast";
import { ApiProvider } from "~/lib/api/api-context";
import type { ApiClient } from "~/lib/api/client";

/** Providers gives every screen the API client, the server-state cache and toasts. */
export function Providers({
  api,
  queryClient,
  children,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <Toaster>{children}</Toaster>
      </QueryClientProvider>
    </ApiProvider>
  );
}
