// biome-ignore-all lint/a11y/noRedundantRoles: at phone widths the stylesheet restyles the table (display: block), which strips its implicit roles in some browsers; the explicit roles keep it a table.
// The cart's lines as a table. At phone widths the stylesheet stacks each row into a card, which
// would strip the table's meaning in some browsers, so the table roles are stated explicitly.
import type { CartLineView } from "~/lib/models/cart";
import { CartLineRow } from "./cart-line-row";

/** Column headers; the picture column's is for screen readers only. */
const columns = ["Image", "Product", "Price", "Quantity", "Total"];

/** Rows whose pictures load eagerly: those in the first screenful. */
const eagerRows = 2;

export function CartTable({ lines }: { lines: CartLineView[] }) {
  return (
    <table className="cart-table" role="table">
      <caption className="visually-hidden">Items in your cart</caption>
      <thead className="cart-table__head" role="rowgroup">
        <tr role="row">
          {columns.map((name, i) => (
            <th key={name} scope="col" role="columnheader">
              {i === 0 ? <span className="visually-hidden">{name}</span> : name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {lines.map((line, i) => (
          <CartLineRow key={line.product.id} line={line} priority={i < eagerRows} />
        ))}
      </tbody>
    </table>
  );
}
