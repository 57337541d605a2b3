// The shop's products in grid or list view, with the lightbox their pictures open in, and the
// messages shown instead when nothing can be listed.
import { useState } from "react";
import { Form, Link } from "react-router";
import { ImageDialog } from "~/components/ui/image-dialog";
import { ProductCard } from "~/components/ui/product-card";
import type { ProductSummary } from "~/lib/models/catalog";
import { HiddenQueryFields } from "./shop-navigation";
import type { ShopQuery, ShopView } from "./shop-query";

/** Products in the first row load eagerly: they are the page's largest paint. */
const priorityCount: Record<ShopView, number> = { grid: 3, list: 1 };

type ListProps = {
  products: ProductSummary[];
  view: ShopView;
};

export function ProductList({ products, view }: ListProps) {
  const [lightbox, setLightbox] = useState<{ product: ProductSummary; index: number } | null>(null);
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
              onImageClick={(product) => setLightbox({ product, index: 0 })}
            />
          </li>
        ))}
      </ul>
      <ImageDialog
        images={lightbox?.product.images ?? []}
        productName={lightbox?.product.name ?? ""}
        index={lightbox?.index ?? null}
        onIndexChange={(index) => setLightbox((l) => (l ? { ...l, index } : l))}
        onClose={() => setLightbox(null)}
      >
        {lightbox && (
          <Link to={`/product/${lightbox.product.id}`} className="button button--ghost">
            View Details
          </Link>
        )}
      </ImageDialog>
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
