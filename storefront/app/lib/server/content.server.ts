// Loading the editable pages and delivery options for the information pages. A page the shop has
// not written yet is not an error (the page shows its fallback); an API failure is, and the page
// says so with the reason.

import { describeError, isNotFound } from "~/lib/errors";
import {
  type ContentPageView,
  type ContentSlug,
  type DeliveryOptionView,
  freeDeliveryPromise,
  loadFailureText,
  toContentPageView,
  toDeliveryOptionView,
  unavailableContentPage,
} from "~/lib/models/content";
import type { Api } from "./api.server";

export type ContentLoad = {
  page: ContentPageView;
  /** "Unable to load … Error: …" when the API failed; the page then has no content. */
  error: string | null;
};

export async function loadContentPage(client: Pick<Api, "content">, slug: ContentSlug): Promise<ContentLoad> {
  try {
    const { page } = await client.content.getPage({ slug });
    return { page: toContentPageView(slug, page), error: null };
  } catch (err) {
    if (isNotFound(err)) return { page: toContentPageView(slug, undefined), error: null };
    console.error(`content page ${slug}:`, err);
    return { page: unavailableContentPage(slug), error: loadFailureText(slug, describeError(err)) };
  }
}

/** The active delivery options, or null when the API could not list them. */
export async function loadDeliveryOptions(
  client: Pick<Api, "shipping">,
): Promise<DeliveryOptionView[] | null> {
  try {
    const { deliveryOptions } = await client.shipping.listDeliveryOptions({});
    return deliveryOptions.map(toDeliveryOptionView);
  } catch (err) {
    console.error("delivery options:", err);
    return null;
  }
}

/**
 * The free-delivery promise as the back office last set it (freeDeliveryPromise), read afresh for
 * every page that states it; null, so the page promises nothing, when no option is free or the API
 * could not say.
 */
export async function loadFreeDeliveryPromise(client: Pick<Api, "shipping">): Promise<string | null> {
  try {
    const { deliveryOptions } = await client.shipping.listDeliveryOptions({});
    return freeDeliveryPromise(deliveryOptions);
  } catch (err) {
    console.error("free delivery promise:", err);
    return null;
  }
}
