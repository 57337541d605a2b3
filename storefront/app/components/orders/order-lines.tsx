import { Link } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import type { OrderLineView } from "~/lib/models/orders";

/** The products of an order as they were sold: picture, name (linking to it while it exists), quantity and prices. */
export function OrderLines({ lines }: { lines: OrderLineView[] }) {
  return (
    <ul className="order-lines" aria-label="Items in this order">
      {lines.map((line) => (
        <li key={`${line.productId}-${line.sku}`} className="order-line">
          <span className="order-line__image">
            <ProductImage
              image={
                line.imageUrl
                  ? { src: line.imageUrl, srcSet: "", sources: [], alt: line.name, width: 1200, height: 1200 }
                  : undefined
              }
              name={line.name}
              sizes="88px"
            />
          </span>
          <span className="order-line__text">
            {line.href ? (
              <Link to={line.href} className="order-line__name">
                {line.name}
              </Link>
            ) : (
              <span className="order-line__name">{line.name}</span>
            )}
            <span className="order-line__meta">
              {line.sku && <>SKU {line.sku} · </>}Quantity {line.quantity} · {line.unitPrice.formatted} each
            </span>
          </span>
          <span className="order-line__total">{line.lineTotal.formatted}</span>
        </li>
      ))}
    </ul>
  );
}
