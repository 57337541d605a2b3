import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordingAction, toastRoutesStub } from "~/components/ui/toast-routes-stub";
import { GetProductResponseSchema } from "~/gen/atelier/store/v1/catalog_service_pb";
import { GetWishlistResponseSchema } from "~/gen/atelier/store/v1/wishlist_service_pb";
import type { ProductSummary } from "~/lib/models/catalog";
import { customerAccount, loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import { summary } from "~/lib/testing/product";
import WishlistRoute, { loader, type WishlistPageData } from "./wishlist";

const hydration = vi.hoisted(() => ({ done: true }));
vi.mock("~/lib/hooks/use-hydrated", () => ({ useHydrated: () => hydration.done }));

afterEach(() => {
  hydration.done = true;
  vi.restoreAllMocks();
});

const rose = summary({ id: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11" });
const moss = summary({
  id: "1c1e3d9f-8d4a-4e8f-8e6a-2d2f1f4d3b22",
  slug: "moss-balm",
  name: "Moss Balm",
  category: "Verdant & Co",
  stock: 4,
  stockLevel: "low_stock",
  price: { pence: 1500, currency: "GBP", formatted: "£15.00" },
});
const sage = summary({
  id: "2d2f4eaf-9e5b-4f9f-9f7b-3e3f2f5e4c33",
  slug: "sage-cleanser",
  name: "Sage Cleanser",
  stock: 0,
  stockLevel: "out_of_stock",
});

function renderWishlist(data: Partial<WishlistPageData> = {}, action?: (form: FormData) => unknown) {
  let current: WishlistPageData = {
    products: [rose, moss, sage],
    signedIn: false,
    error: null,
    loadFailed: false,
    ...data,
  };
  const recorded = recordingAction((form) =>
    action
      ? action(form)
      : { ok: true, intent: form.get("intent"), productId: form.get("productId"), saved: false },
  );
  const Stub = toastRoutesStub([
    {
      path: "/wishlist",
      Component: WishlistRoute as never,
      loader: () => current,
      action: recorded.action,
    },
  ]);
  render(<Stub initialEntries={["/wishlist"]} />);
  return {
    submissions: recorded.submissions,
    setProducts: (products: ProductSummary[]) => {
      current = { ...current, products };
    },
  };
}

function item(name: string): HTMLElement {
  return screen.getByRole("article", { name });
}

describe("wishlist page", () => {
  it("lists each saved piece with a link to it, its price and whether it is in stock", async () => {
    renderWishlist();
    expect(await screen.findByRole("heading", { level: 1, name: "Wishlist" })).toBeInTheDocument();
    expect(screen.getByText("3 pieces")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Wishlist" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    const first = item("Rose Serum");
    expectLink("Rose Serum", `/product/${rose.id}`, first);
    // The picture repeats the name link, so it is hidden from assistive technology, but it has its text.
    expect(within(first).getByAltText("Rose Serum, view 1")).toBeInTheDocument();
    expect(within(first).getByText("£42.00")).toBeInTheDocument();
    expect(within(first).getByText("In stock")).toBeInTheDocument();
    expect(within(item("Moss Balm")).getByText("Low stock: only 4 left")).toBeInTheDocument();
    expect(within(item("Sage Cleanser")).getByText("Out of stock")).toBeInTheDocument();
  });

  it("moves a piece in stock to the cart, but not one that is sold out, saying why", async () => {
    renderWishlist();
    const move = await screen.findByRole("button", { name: "Move to Cart: Rose Serum" });
    expect(move).toBeEnabled();
    expect(move.closest("form")).toHaveAttribute("action", "/wishlist");
    const soldOut = screen.getByRole("button", { name: "Move to Cart: Sage Cleanser" });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription(
      "Sold out for now, so it cannot go in your cart. We will keep it here for you.",
    );
    expect(screen.getByRole("button", { name: "Remove Sage Cleanser" })).toBeEnabled();
  });

  it("tells guests the wishlist lives in this browser and how to keep it everywhere", async () => {
    renderWishlist();
    expect(
      await screen.findByRole("link", { name: "Sign in to keep your wishlist on every device" }),
    ).toHaveAttribute("href", "/login?redirectTo=%2Fwishlist");
  });

  it("does not ask a signed-in customer to sign in", async () => {
    renderWishlist({ signedIn: true });
    await screen.findByRole("heading", { level: 1, name: "Wishlist" });
    expect(screen.queryByRole("link", { name: /Sign in/ })).not.toBeInTheDocument();
  });

  it("shows an empty wishlist with a way to the shop", async () => {
    renderWishlist({ products: [] });
    expect(await screen.findByRole("heading", { name: "Your wishlist is empty" })).toBeInTheDocument();
    expectLink("Explore the Shop", "/shop");
    expect(screen.queryByRole("list", { name: "Wishlist" })).not.toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Sign in to keep your wishlist on every device" }),
    ).toBeInTheDocument();
  });

  it("says so when the wishlist could not be loaded", async () => {
    renderWishlist({ products: [], loadFailed: true });
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your wishlist");
    expect(screen.queryByRole("heading", { name: "Your wishlist is empty" })).not.toBeInTheDocument();
  });

  it("shows the error a plain form post brought back", async () => {
    renderWishlist({ error: "Sage Cleanser is out of stock." });
    expect(await screen.findByRole("alert")).toHaveTextContent("Sage Cleanser is out of stock.");
  });

  it("removes a piece in the background, says so and keeps focus on the page", async () => {
    const user = userEvent.setup();
    const { submissions, setProducts } = renderWishlist();
    const remove = await screen.findByRole("button", { name: "Remove Moss Balm" });
    setProducts([rose, sage]);
    await user.click(remove);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(Object.fromEntries(submissions[0]!)).toEqual({
      intent: "remove",
      productId: moss.id,
      enhanced: "1",
    });
    await waitFor(() => expect(screen.queryByRole("article", { name: "Moss Balm" })).not.toBeInTheDocument());
    // The announcement follows the removal in a later render.
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Moss Balm removed from your wishlist"),
    );
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Wishlist" })).toHaveFocus());
  });

  it("says a moved piece went to the cart", async () => {
    const user = userEvent.setup();
    const { submissions, setProducts } = renderWishlist();
    const move = await screen.findByRole("button", { name: "Move to Cart: Rose Serum" });
    setProducts([moss, sage]);
    await user.click(move);
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(submissions[0]!.get("intent")).toBe("move");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Rose Serum moved to your cart"),
    );
  });

  it("shows a refused move beside its piece", async () => {
    const user = userEvent.setup();
    renderWishlist({}, (form) => ({
      ok: false,
      intent: "move",
      productId: form.get("productId"),
      error: "Rose Serum is out of stock.",
    }));
    await user.click(await screen.findByRole("button", { name: "Move to Cart: Rose Serum" }));
    expect(await within(item("Rose Serum")).findByRole("alert")).toHaveTextContent(
      "Rose Serum is out of stock.",
    );
  });

  it("posts plain forms before JavaScript has loaded", async () => {
    hydration.done = false;
    renderWishlist();
    const form = (await screen.findByRole("button", { name: "Remove Rose Serum" })).closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/wishlist");
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: "remove", productId: rose.id });
  });
});

describe("wishlist loader", () => {
  it("loads a customer's wishlist from the API", async () => {
    const getWishlist = vi.fn(async () =>
      create(GetWishlistResponseSchema, {
        wishlist: {
          items: [
            {
              product: { id: rose.id, name: "Rose Serum", price: { currencyCode: "GBP", minorUnits: 4200n } },
            },
          ],
        },
      }),
    );
    const result = await loader(
      loaderArgs("/wishlist", { wishlist: { getWishlist } }, undefined, customerAccount),
    );
    expect(result.data).toMatchObject({
      signedIn: true,
      loadFailed: false,
      error: null,
      products: [{ id: rose.id, name: "Rose Serum", price: { formatted: "£42.00" } }],
    });
  });

  it("loads a guest's from the catalogue, by the ids in the cookie", async () => {
    const getProduct = vi.fn(async ({ id }: { id?: string }) =>
      create(GetProductResponseSchema, { product: { id, name: "Rose Serum" } }),
    );
    const result = await loader(
      loaderArgs(
        "/wishlist",
        { catalog: { getProduct } },
        { headers: { cookie: `atelier_wishlist=${rose.id}` } },
      ),
    );
    expect(getProduct).toHaveBeenCalledWith({ id: rose.id });
    expect(result.data).toMatchObject({ signedIn: false, products: [{ id: rose.id }] });
  });

  it("answers 503 with the page when the API is down", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const getWishlist = async () => {
      throw new ConnectError("unreachable", Code.Unavailable);
    };
    const result = await loader(
      loaderArgs("/wishlist", { wishlist: { getWishlist } }, undefined, customerAccount),
    );
    expect(result.init?.status).toBe(503);
    expect(result.data).toMatchObject({ loadFailed: true, products: [] });
  });

  it("hands over a plain form post's error once, clearing its cookie", async () => {
    const result = await loader(
      loaderArgs("/wishlist", {}, { headers: { cookie: "atelier_wishlist_error=Sold%20out." } }),
    );
    expect(result.data).toMatchObject({ error: "Sold out.", products: [] });
    expect(new Headers(result.init?.headers).get("set-cookie")).toMatch(
      /^atelier_wishlist_error=; Path=\/wishlist;/,
    );
  });
});
