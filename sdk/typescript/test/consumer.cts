// Type-checked, never run (tsconfig.consumer.json): what a CommonJS partner writes.
import sdk = require("@atelier-commerce/sdk");

const client: sdk.AtelierClient = sdk.createAtelierClient({ baseUrl: "https://shop.example.com" });

export async function categories(): Promise<number> {
  const { categories } = await sdk.unwrap(client.GET("/api/v1/categories"));
  return categories?.length ?? 0;
}

export function reasonOf(err: unknown): string | undefined {
  return sdk.errorReason(err);
}
