import { NavLink, Outlet } from "react-router";
import { useSession } from "~/lib/session";
import { SignOutButton } from "./sign-out-button";
import "./layout.css";

const sections = [
  { to: "/", label: "Dashboard", end: true },
  { to: "/products", label: "Products" },
  { to: "/orders", label: "Orders" },
  { to: "/pages", label: "Page contents" },
  { to: "/settings", label: "Settings" },
  { to: "/users", label: "Users" },
  { to: "/api-keys", label: "API keys" },
  { to: "/webhooks", label: "Webhooks" },
];

/** Layout is the frame of every signed-in screen: the sections, who is signed in, and the screen. */
export function Layout() {
  const { data: user } = useSession();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="layout__bar">
        <p className="layout__brand">
          Atelier London <span>Back office</span>
        </p>
        <div className="layout__who">
          <span>
            {user?.first_name} {user?.last_name}
          </span>
          <SignOutButton />
        </div>
      </header>
      <nav className="layout__nav" aria-label="Sections">
        <ul>
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
          <li>
            {/* River's own UI, a page of the API's origin behind the same session. */}
            <a href="/admin/jobs/">Jobs</a>
          </li>
        </ul>
      </nav>
      <main className="layout__main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
