// The header of every page: brand, navigation with the Shop dropdown, the account links (Login and
// Register, or My Account and Logout; Admin for admins), search, cart badge, and a menu toggle at
// phone widths. The phone menu is a <details> element, so it opens before (or without) JavaScript;
// JavaScript then drives it: Escape or an outside click closes it and Escape gives focus back to
// the toggle; the page cannot scroll behind it. At wider screens the <details> is see-through (its
// summary hidden, its content always shown) and the navigation sits in the bar.
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { useScrollLock } from "~/lib/hooks/use-scroll-lock";
import type { SessionUser } from "~/lib/models/auth";
import { categoryHref } from "~/lib/models/catalog";
import { loginHref } from "~/lib/models/sign-in-return";

type Props = {
  /** Categories (brands) in display order; the first two are the brand collections. */
  categories: string[];
  cartCount: number;
  /** The signed-in shopper, or null for a guest. */
  user: SessionUser | null;
  /** The back office's address, given only to admins. */
  backofficeUrl: string | null;
  /** The free-delivery promise for the announcement bar (freeDeliveryPromise); null leaves the bar out. */
  freeDelivery: string | null;
};

export function Header({ categories, cartCount, user, backofficeUrl, freeDelivery }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [shopOpen, setShopOpen] = useState(false);
  const menuId = useId();
  const shopId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const shopRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // Any navigation closes the menus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger: any navigation closes the menus.
  useEffect(() => {
    setMenuOpen(false);
    setShopOpen(false);
  }, [location.pathname, location.search]);

  // A menu opened before the page hydrated (the <details> works without JavaScript) stays open,
  // now driven by the component.
  useEffect(() => {
    if (menuRef.current?.open) setMenuOpen(true);
  }, []);

  useEffect(() => {
    if (!menuOpen && !shopOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        // Focus inside the closing menu would fall to <body>: hand it back to the toggle (WCAG 2.4.3).
        if (menuOpen) toggleRef.current?.focus();
        setMenuOpen(false);
        setShopOpen(false);
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (shopOpen && !shopRef.current?.contains(target)) setShopOpen(false);
      if (menuOpen && !headerRef.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [menuOpen, shopOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    // The open menu fills the window below the header, whose height varies with the width.
    const bottom = headerRef.current?.getBoundingClientRect().bottom;
    if (bottom !== undefined)
      document.documentElement.style.setProperty("--header-offset", `${Math.round(bottom)}px`);
  }, [menuOpen]);

  useScrollLock(menuOpen);

  const onSearch = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem("search") as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    navigate(`/shop?${new URLSearchParams({ search: text })}`);
  };

  const brands = categories.slice(0, 2);

  return (
    <>
      <header className="site-header" ref={headerRef}>
        {freeDelivery && <p className="announcement">{freeDelivery}</p>}
        <div className="site-header__bar">
          <Link to="/" className="brand" aria-label="Atelier London, home">
            Atelier <span>London</span>
          </Link>
          <details className="site-menu" open={menuOpen} ref={menuRef}>
            {/* A <summary> opens the menu without JavaScript; with it, the click is the component's. */}
            {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is a native button (browsers and axe give it the role); Biome does not know it. */}
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the summary's button role supports aria-expanded; it mirrors the controlled open state. */}
            <summary
              ref={toggleRef}
              className="menu-toggle"
              aria-controls={menuId}
              aria-expanded={menuOpen}
              onClick={(e) => {
                e.preventDefault();
                setMenuOpen((o) => !o);
              }}
            >
              <span className="menu-toggle__icon" aria-hidden="true" />
              <span className="visually-hidden">{menuOpen ? "Close menu" : "Open menu"}</span>
            </summary>
            <nav id={menuId} className="site-nav" aria-label="Main">
              <ul className="site-nav__list">
                <li>
                  <NavLink to="/" end>
                    Home
                  </NavLink>
                </li>
                <li className="site-nav__shop" ref={shopRef}>
                  <button
                    type="button"
                    aria-expanded={shopOpen}
                    aria-controls={shopId}
                    onClick={() => setShopOpen((o) => !o)}
                  >
                    Shop
                    <LineIcon size={14} strokeWidth={1.6} className="site-nav__chevron">
                      <path d="m6 9 6 6 6-6" />
                    </LineIcon>
                  </button>
                  <ul id={shopId} className={`dropdown${shopOpen ? " dropdown--open" : ""}`}>
                    <li>
                      <Link to="/shop">All Products</Link>
                    </li>
                    {brands.map((c) => (
                      <li key={c}>
                        <Link to={categoryHref(c)}>{c} Collection</Link>
                      </li>
                    ))}
                  </ul>
                </li>
                <li>
                  <NavLink to="/about">About</NavLink>
                </li>
                <li>
                  <NavLink to="/contact">Contact</NavLink>
                </li>
                {user?.role === "admin" && backofficeUrl && (
                  <li>
                    <a href={`${backofficeUrl}/`}>Admin</a>
                  </li>
                )}
                {user ? (
                  <>
                    <li>
                      <NavLink to="/account">My Account</NavLink>
                    </li>
                    <li>
                      {/* Signing out changes state, so it is a POST (a link would let any page sign shoppers out). */}
                      <Form method="post" action="/logout" className="site-nav__logout">
                        <button type="submit">Logout</button>
                      </Form>
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      {/* Back to this page after signing in. */}
                      <NavLink to={loginHref(location.pathname + location.search)}>Login</NavLink>
                    </li>
                    <li>
                      <NavLink to="/register">Register</NavLink>
                    </li>
                  </>
                )}
              </ul>
              <Form method="get" action="/shop" role="search" className="search" onSubmit={onSearch}>
                <label htmlFor={`${menuId}-search`} className="visually-hidden">
                  Search products
                </label>
                <input
                  id={`${menuId}-search`}
                  type="search"
                  name="search"
                  placeholder="Search products"
                  autoComplete="off"
                />
                <button type="submit" className="search__button">
                  <span className="visually-hidden">Search</span>
                  <LineIcon size={18} strokeWidth={1.6}>
                    <circle cx="11" cy="11" r="7" />
                    <path d="m20 20-3.5-3.5" />
                  </LineIcon>
                </button>
              </Form>
            </nav>
          </details>
          <Link to="/cart" className="cart-link">
            <LineIcon size={22}>
              <path d="M6 7h12l-1 13H7L6 7Z" />
              <path d="M9 7a3 3 0 0 1 6 0" />
            </LineIcon>
            {/* The visible words start the link's name ("Cart 2 items"), so speech users can say what they see. */}
            <span className="cart-link__label">Cart</span>{" "}
            <span className="cart-link__badge">{cartCount}</span>{" "}
            <span className="visually-hidden">{cartCount === 1 ? "item" : "items"}</span>
          </Link>
        </div>
      </header>
      {/* The dimmed page below the open phone menu: a click on it is a click outside. */}
      {menuOpen && <div className="menu-backdrop" aria-hidden="true" />}
    </>
  );
}
