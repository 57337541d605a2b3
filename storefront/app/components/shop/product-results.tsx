// The shop's products in grid or list view, and the messages shown instead when nothing can be
// listed.
import { useState } from "react";
import { Form, Link } from "react-router";
import { ProductCard } from "~/components/ui/product-card";
import { QuickViewDialog } from "~/components/ui/quick-view-dialog";
import type { ProductSummary } from "~/lib/models/catalog";
import { HiddenQueryFields } from "./shop-navigation";
import type { ShopQuery, ShopView } from "./shop-query";

/** Products in the first row load eagerly: they are the page's largest paint (two on a phone, up to four wide). */
const priorityCount: Record<ShopView, number> = { grid: 4, list: 1 };

type ListProps = {
  products: ProductSummary[];
  view: ShopView;
};

export function ProductList({ products, view }: ListProps) {
  const [quickView, setQuickView] = useState<ProductSummary | null>(null);
  return (
    <>
      <ul className={view === "list" ? "card-list shop-list" : "card-list grid"}>
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard
              product={p}
              view={view}
              headingLevel={2}
              priority={i < priorityCount[view]}
              onQuickView={setQuickView}
            />
          </li>
        ))}
      </ul>
      <QuickViewDialog product={quickView} onClose={() => setQuickView(null)} />
    </>
  );
}

/** The listing failed: the API's reason and a way to try again (a GET form, so it works without JavaScript). */
export function LoadError({ message, query }: { message: string; query: ShopQuery }) {
  return (
    <div className="alert alert--error shop-message" role="alert">
      <h2>Error Loading Products</h2>
      <p>{message}</p>
      <Form method="get" action="/shop">
        <HiddenQueryFields query={query} omit={[]} />
        <button type="submit" className="button button--primary">
          Refresh Page
        </button>
      </Form>
    </div>
  );
}

export function NoMatches() {
  return (
    <div className="shop-message">
      <h2>No Products Found</h2>
      <p>Try adjusting your filters or search criteria.</p>
      <Link to="/shop" className="button button--ghost">
        View All Products
      </Link>
    </div>
  );
}

export function NoProducts() {
  return (
    <div className="shop-message">
      <h2>No Products Available</h2>
      <p>Our collection is being prepared. Please check back soon.</p>
    </div>
  );
}
