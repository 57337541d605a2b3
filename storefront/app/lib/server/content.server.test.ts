import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GetPageResponseSchema } from "~/gen/atelier/store/v1/content_service_pb";
import { ListDeliveryOptionsResponseSchema } from "~/gen/atelier/store/v1/shipping_service_pb";
import { deliveryOptionsAnswer } from "~/lib/testing/delivery";
import type { Api } from "./api.server";
import { loadContentPage, loadDeliveryOptions, loadFreeDeliveryPromise } from "./content.server";

function contentApi(getPage: Api["content"]["getPage"]): Pick<Api, "content"> {
  return { content: { getPage } };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("loadContentPage", () => {
  it("asks for the page by slug and maps it", async () => {
    const getPage = vi.fn<Api["content"]["getPage"]>(async () =>
      create(GetPageResponseSchema, {
        page: {
          slug: "terms",
          title: "Terms and Conditions",
          html: "<p>Terms</p>",
          updatedAt: { seconds: 1747051200n },
        },
      }),
    );
    const result = await loadContentPage(contentApi(getPage), "terms");
    expect(getPage).toHaveBeenCalledWith({ slug: "terms" });
    expect(result).toEqual({
      page: {
        slug: "terms",
        title: "Terms and Conditions",
        html: "<p>Terms</p>",
        updatedAt: "2025-05-12T12:00:00.000Z",
      },
      error: null,
    });
  });

  it("treats a page the shop has not written as the fallback, not an error", async () => {
    const result = await loadContentPage(
      contentApi(async () => Promise.reject(new ConnectError('page "privacy" not found', Code.NotFound))),
      "privacy",
    );
    expect(result).toEqual({
      page: { slug: "privacy", title: "Privacy Policy", updatedAt: "2025-05-12T00:00:00Z", html: null },
      error: null,
    });
  });

  it("reports any other failure with its reason", async () => {
    const failing = await loadContentPage(
      contentApi(async () => Promise.reject(new ConnectError("database is down", Code.Internal))),
      "faq",
    );
    expect(failing.error).toBe("Unable to load FAQ. Please try again later. Error: database is down");
    expect(failing.page).toEqual({
      slug: "faq",
      title: "Frequently Asked Questions",
      updatedAt: null,
      html: null,
    });

    const unreachable = await loadContentPage(
      contentApi(async () => Promise.reject(new ConnectError("fetch failed", Code.Unavailable))),
      "terms",
    );
    expect(unreachable.error).toBe(
      "Unable to load Terms and Conditions. Please try again later. Error: the shop's API is unreachable",
    );
  });
});

describe("loadDeliveryOptions", () => {
  it("maps the options in the API's order", async () => {
    const options = await loadDeliveryOptions({
      shipping: {
        listDeliveryOptions: async () =>
          create(ListDeliveryOptionsResponseSchema, {
            deliveryOptions: [
              { code: "standard", name: "Standard", price: { currencyCode: "GBP", minorUnits: 1735n } },
              { code: "express", name: "Express", price: { currencyCode: "GBP", minorUnits: 2499n } },
            ],
          }),
      },
    });
    expect(options?.map((o) => `${o.name} ${o.price}`)).toEqual(["Standard £17.35", "Express £24.99"]);
  });

  it("answers null when the API fails, so the page can still render", async () => {
    const options = await loadDeliveryOptions({
      shipping: {
        listDeliveryOptions: async () => Promise.reject(new ConnectError("down", Code.Unavailable)),
      },
    });
    expect(options).toBeNull();
  });
});

describe("loadFreeDeliveryPromise", () => {
  const shipping = (listDeliveryOptions: Api["shipping"]["listDeliveryOptions"]) => ({
    shipping: { listDeliveryOptions },
  });

  it("reads the rule the back office set, every time", async () => {
    const listDeliveryOptions = vi.fn(async () => deliveryOptionsAnswer(6000n));
    expect(await loadFreeDeliveryPromise(shipping(listDeliveryOptions))).toBe(
      "Free standard delivery on orders over £60",
    );
    listDeliveryOptions.mockResolvedValueOnce(deliveryOptionsAnswer(null));
    expect(await loadFreeDeliveryPromise(shipping(listDeliveryOptions))).toBeNull();
  });

  it("promises nothing when the API fails, so the page still renders", async () => {
    expect(
      await loadFreeDeliveryPromise(
        shipping(async () => Promise.reject(new ConnectError("down", Code.Unavailable))),
      ),
    ).toBeNull();
    // A stand-in API without the shipping service is a failure too, not a thrown loader.
    expect(await loadFreeDeliveryPromise({} as Pick<Api, "shipping">)).toBeNull();
  });
});
