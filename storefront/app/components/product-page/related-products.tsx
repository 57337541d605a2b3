import { useState } from "react";
import { ProductCard } from "~/components/ui/product-card";
import { QuickViewDialog } from "~/components/ui/quick-view-dialog";
import type { ProductSummary } from "~/lib/models/catalog";

/** How many related products the page shows (the API may suggest more). */
const shown = 4;

/** "You May Also Like": up to four products the API chose (same category first). */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  const [quickView, setQuickView] = useState<ProductSummary | null>(null);
  if (products.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-heading">
      <h2 id="related-heading">You May Also Like</h2>
      <ul className="card-list grid">
        {products.slice(0, shown).map((p) => (
          <li key={p.id}>
            <ProductCard product={p} onQuickView={setQuickView} />
          </li>
        ))}
      </ul>
      <QuickViewDialog product={quickView} onClose={() => setQuickView(null)} />
    </section>
  );
}

const placeholders = ["first", "second", "third", "fourth"].slice(0, shown);

/**
 * Holds the place of "You May Also Like" while its products stream in: the same section, heading
 * and grid of cards, built from the card's own classes with invisible stand-in text, so the page
 * below does not move when the products arrive.
 */
export function RelatedProductsSkeleton() {
  return (
    <section className="related" aria-labelledby="related-heading" aria-busy="true">
      <h2 id="related-heading">You May Also Like</h2>
      <ul className="card-list grid" aria-hidden="true">
        {placeholders.map((key) => (
          <li key={key}>
            <div className="product-card product-card--skeleton">
              <div className="product-card__media">
                <div className="product-image skeleton-fill" />
              </div>
              <div className="product-card__body">
                <p className="product-card__category">&nbsp;</p>
                <h3 className="product-card__name skeleton-fill">&nbsp;</h3>
                <p className="product-card__price">&nbsp;</p>
                <div className="product-card__actions">
                  <div className="add-to-cart product-card__add">
                    <span className="button button--primary skeleton-fill">Add to Cart</span>
                  </div>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
