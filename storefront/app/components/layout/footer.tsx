// The footer of every page: shop links (one per category found in the catalogue), information,
// account and contact columns, the company details from the store settings, trust lines and the
// accepted payment methods.
import { Link, useLocation } from "react-router";
import { CardMarks } from "~/components/ui/card-marks";
import { useSessionUser } from "~/lib/hooks/use-session";
import { categoryHref } from "~/lib/models/catalog";
import { loginHref } from "~/lib/models/sign-in-return";

export type FooterSettings = {
  storeName: string;
  addressLines: string[];
  email: string;
  phone: string;
  companyNumber: string;
  vatNumber: string;
};

type Props = {
  /** Every category, sorted alphabetically. */
  categories: string[];
  settings: FooterSettings | null;
  /** The one free-delivery rule in words ("Free standard delivery on orders over £50"), or null
   * when no option is free: the footer never promises free delivery the shop does not give. */
  freeDelivery: string | null;
  year: number;
};

type FooterLink = { to: string; label: string };

const infoLinks: FooterLink[] = [
  { to: "/about", label: "About Us" },
  { to: "/shipping", label: "Shipping & Returns" },
  { to: "/faq", label: "FAQ" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
];

const accountLinks: FooterLink[] = [
  { to: "/account", label: "My Account" },
  { to: "/orders", label: "Orders" },
  { to: "/wishlist", label: "Wishlist" },
  { to: "/cart", label: "Cart" },
];

function LinkItems({ links }: { links: FooterLink[] }) {
  return links.map(({ to, label }) => (
    <li key={to}>
      <Link to={to}>{label}</Link>
    </li>
  ));
}

function LinkList({ links }: { links: FooterLink[] }) {
  return (
    <ul>
      <LinkItems links={links} />
    </ul>
  );
}

export function Footer({ categories, settings, freeDelivery, year }: Props) {
  const name = settings?.storeName || "Atelier London";
  const signedIn = useSessionUser() !== null;
  const location = useLocation();
  return (
    <footer className="site-footer">
      <ul className="trust" aria-label="Why shop with us">
        <li>Secure payments</li>
        {freeDelivery ? <li>{freeDelivery}</li> : null}
        <li>Trusted by 1000+ customers</li>
      </ul>
      <div className="site-footer__columns">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <LinkList
            links={[
              { to: "/shop", label: "All Products" },
              ...categories.map((c) => ({ to: categoryHref(c), label: c })),
              { to: "/shop?sort=newest", label: "New Arrivals" },
            ]}
          />
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">Information</h2>
          <LinkList links={infoLinks} />
        </section>
        <section aria-labelledby="footer-account">
          <h2 id="footer-account">Account</h2>
          <ul>
            {!signedIn && (
              <>
                <li>
                  {/* Back to this page after signing in, as from the header. */}
                  <Link to={loginHref(location.pathname + location.search)}>Login</Link>
                </li>
                <li>
                  <Link to="/register">Register</Link>
                </li>
              </>
            )}
            <LinkItems links={accountLinks} />
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          {settings ? (
            <address>
              {settings.addressLines.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
              <a href={`mailto:${settings.email}`}>{settings.email}</a>
              <br />
              <a href={`tel:${settings.phone.replace(/[^+\d]/g, "")}`}>{settings.phone}</a>
            </address>
          ) : (
            <p>
              <Link to="/contact">Contact us</Link>
            </p>
          )}
        </section>
      </div>
      <div className="site-footer__legal">
        <CardMarks className="payment-methods" />
        <p>
          © {year} {name}. All rights reserved.
          {settings && (
            <>
              {" "}
              Company No. {settings.companyNumber} · VAT No. {settings.vatNumber}
            </>
          )}
          {/* For the curious and for support, out of the shopper's way: not a shopping link. */}
          <span className="site-footer__status">
            <Link to="/status">Site status</Link>
          </span>
        </p>
      </div>
    </footer>
  );
}
