// A modal summary of a product (native <dialog>): picture, price, stock and Add to Cart. The
// browser traps focus and closes it on Escape; focus returns to the button that opened it.
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { AddToCartForm } from "~/components/ui/add-to-cart-form";
import { ProductImage } from "~/components/ui/product-image";
import { StockBadge } from "~/components/ui/stock-badge";
import { useScrollLock } from "~/lib/hooks/use-scroll-lock";
import type { ProductSummary } from "~/lib/models/catalog";

type Props = {
  /** The product to show; null keeps the dialog closed. */
  product: ProductSummary | null;
  onClose: () => void;
};

export function stockText(product: Pick<ProductSummary, "stock" | "stockLevel">): string {
  switch (product.stockLevel) {
    case "out_of_stock":
      return "Currently unavailable";
    case "low_stock":
      return `Only ${product.stock} left`;
    default:
      return "In stock";
  }
}

export function QuickViewDialog({ product, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  // Like the full-screen picture: the page behind a modal does not scroll.
  useScrollLock(product !== null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!product || !dialog || dialog.open) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  }, [product]);

  const close = () => dialogRef.current?.close();

  // Escape, the close button, a click on the backdrop and a successful add all end here.
  const handleClosed = () => {
    onClose();
    openerRef.current?.focus();
    openerRef.current = null;
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; from the keyboard, Escape closes the dialog (native <dialog>).
    <dialog
      ref={dialogRef}
      className="quick-view split"
      aria-labelledby={titleId}
      onClose={handleClosed}
      onClick={(e) => {
        // The dialog itself has no padding: a click that lands on it is a click on the backdrop.
        if (e.target === e.currentTarget) close();
      }}
    >
      {product && (
        <div className="split__inner quick-view__layout">
          <button type="button" className="dialog__close" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close quick view</span>
          </button>
          <div className="split__media">
            <ProductImage
              image={product.images[0]}
              name={product.name}
              sizes="(max-width: 767px) 90vw, 440px"
            />
          </div>
          <div className="split__body quick-view__details">
            {product.category && <p className="eyebrow">{product.category}</p>}
            <h2 id={titleId} className="quick-view__name">
              {product.name}
            </h2>
            <p className="quick-view__price">{product.price.formatted}</p>
            <p className="quick-view__stock">
              <StockBadge level={product.stockLevel} />
              <span>{stockText(product)}</span>
            </p>
            <p className="quick-view__description">{product.description}</p>
            <AddToCartForm
              productId={product.id}
              productName={product.name}
              disabled={product.stockLevel === "out_of_stock"}
              className="quick-view__add"
              onAdded={close}
            />
            <Link to={`/product/${product.id}`} className="quick-view__more">
              View full details
            </Link>
          </div>
        </div>
      )}
    </dialog>
  );
}
