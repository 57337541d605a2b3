import { useQuery } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";

/** The query keys of the settings section. */
export const settingsKeys = {
  all: ["settings"] as const,
  store: () => [...settingsKeys.all, "store"] as const,
  storeRevisions: () => [...settingsKeys.all, "store", "revisions"] as const,
  options: () => [...settingsKeys.all, "delivery-options"] as const,
  option: (code: string) => [...settingsKeys.all, "delivery-option", code] as const,
  optionRevisions: (code: string) => [...settingsKeys.all, "delivery-option", code, "revisions"] as const,
  rule: () => [...settingsKeys.all, "free-delivery-rule"] as const,
  carriers: () => [...settingsKeys.all, "carriers"] as const,
  diff: (what: string, revision: string) => [...settingsKeys.all, "diff", what, revision] as const,
};

/**
 * useStoreDetails reads the shop's details; a shop that has none yet answers null (the first
 * save creates them), not an error.
 */
export function useStoreDetails() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.store(),
    queryFn: async () => {
      try {
        const res = await unwrap(api.GET("/api/v1/admin/settings/store"));
        return res.store_details ?? null;
      } catch (err) {
        if (err instanceof ApiError && err.reason === "store_not_configured") return null;
        throw err;
      }
    },
  });
}

/** useDeliveryOptions lists every delivery option, inactive ones too, in display order. */
export function useDeliveryOptions() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.options(),
    queryFn: async () => (await unwrap(api.GET("/api/v1/admin/delivery-options"))).delivery_options ?? [],
  });
}

/** useDeliveryOption reads one option. */
export function useDeliveryOption(code: string) {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.option(code),
    queryFn: async () =>
      (await unwrap(api.GET("/api/v1/admin/delivery-options/{code}", { params: { path: { code } } })))
        .delivery_option ?? {},
  });
}

/** useFreeDeliveryRule reads the shop's one free-delivery rule. */
export function useFreeDeliveryRule() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.rule(),
    queryFn: async () => (await unwrap(api.GET("/api/v1/admin/free-delivery-rule"))).free_delivery_rule ?? {},
  });
}

/** useCarriers lists the carriers an option may name. */
export function useCarriers() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.carriers(),
    staleTime: 10 * 60_000,
    queryFn: async () => (await unwrap(api.GET("/api/v1/admin/carriers"))).carriers ?? [],
  });
}
