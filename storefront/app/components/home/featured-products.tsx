// Three featured products drawn at random by the API, each with a Quick View.
import { useState } from "react";
import { ProductCard } from "~/components/ui/product-card";
import { QuickViewDialog } from "~/components/ui/quick-view-dialog";
import type { ProductSummary } from "~/lib/models/catalog";
import { SectionUnavailable } from "./section-unavailable";

export function FeaturedProducts({ products }: { products: readonly ProductSummary[] | null }) {
  const [quickView, setQuickView] = useState<ProductSummary | null>(null);
  return (
    <section className="section home-band featured" aria-labelledby="featured-heading">
      <div className="section__header">
        <p className="eyebrow">Curated for You</p>
        <h2 id="featured-heading">Featured Products</h2>
      </div>
      {!products || products.length === 0 ? (
        <SectionUnavailable subject="Our featured products" />
      ) : (
        <ul className="featured__grid">
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} onQuickView={setQuickView} />
            </li>
          ))}
        </ul>
      )}
      <QuickViewDialog product={quickView} onClose={() => setQuickView(null)} />
    </section>
  );
}
