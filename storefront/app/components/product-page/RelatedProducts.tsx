import { ProductCard } from "~/components/product/ProductCard";
import type { ProductSummary } from "~/lib/catalog";

/** "You May Also Like": up to four products the API chose (same category first). */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-heading">
      <h2 id="related-heading">You May Also Like</h2>
      <ul className="card-list grid">
        {products.slice(0, 4).map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
