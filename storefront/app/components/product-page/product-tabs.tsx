// Description, Specifications, and Shipping & Returns as tabs (WAI-ARIA tabs pattern: arrow keys
// move between tabs and wrap around, Home and End jump to the ends, a tab is shown as it gains
// focus).
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ProductDetail } from "~/lib/models/catalog";
import { returnsWindow } from "~/lib/models/returns-policy";

export type Tab = { label: string; content: ReactNode };

export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (i: number) => {
    setSelected(i);
    tabRefs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((t, i) => (
          <button
            key={t.label}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${baseId}-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.label}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={i !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable, so its text can be reached and scrolled from the keyboard.
          tabIndex={0}
          className="tabs__panel"
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}

/** `freeDelivery`: the shop's free-delivery promise (freeDeliveryPromise), or null to promise none. */
export function ProductTabs({
  product,
  freeDelivery,
}: {
  product: ProductDetail;
  freeDelivery: string | null;
}) {
  return (
    <Tabs
      label="Product information"
      tabs={[
        {
          label: "Description",
          content: (
            <p className="tabs__text">
              {product.description || "No description is available for this product yet."}
            </p>
          ),
        },
        {
          label: "Specifications",
          content:
            product.specifications.length > 0 ? (
              <table className="specifications">
                <tbody>
                  {product.specifications.map((s, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: specification names can repeat; the list is static.
                    <tr key={`${s.name}-${i}`}>
                      <th scope="row">{s.name}</th>
                      <td>{s.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="tabs__text">No specifications are listed for this product.</p>
            ),
        },
        {
          label: "Shipping & Returns",
          content: (
            <div className="tabs__text">
              {freeDelivery && <p>{freeDelivery}.</p>}
              <p>Returns within {returnsWindow} of receipt.</p>
              <p>
                <Link to="/shipping">Read our shipping and returns policy</Link>
              </p>
            </div>
          ),
        },
      ]}
    />
  );
}
