// Type-checked, never run (tsconfig.consumer.json): what an ES-module partner writes, against the
// built declarations reached through package.json's exports, as their compiler would see them.
import {
  type AtelierClient,
  createAtelierClient,
  isAtelierError,
  type OrderEvent,
  unwrap,
} from "@atelier-commerce/sdk";

const client: AtelierClient = createAtelierClient({ baseUrl: "https://shop.example.com", apiKey: "atl_x" });

export async function firstPrice(): Promise<string | undefined> {
  const { products } = await unwrap(client.GET("/api/v1/products", { params: { query: { page_size: 12 } } }));
  return products?.[0]?.price?.minor_units;
}

export async function addTwo(cartId: string, productId: string): Promise<boolean> {
  try {
    await unwrap(
      client.POST("/api/v1/carts/{cart_id}/items", {
        params: { path: { cart_id: cartId } },
        body: { product_id: productId, quantity: 2 },
      }),
    );
    return true;
  } catch (err) {
    if (isAtelierError(err, "out_of_stock")) return false;
    throw err;
  }
}

export function paidOrderNumber(event: OrderEvent): string | undefined {
  return event.type === "order.paid" ? event.data?.number : undefined;
}

// @ts-expect-error: a path the API does not have.
client.GET("/api/v1/nope");
client.POST("/api/v1/carts/{cart_id}/items", {
  params: { path: { cart_id: "c" } },
  // @ts-expect-error: quantity is a number.
  body: { product_id: "p", quantity: "2" },
});
