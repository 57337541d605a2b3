import { Link } from "react-router";
import { categoryHref } from "~/lib/models/catalog";

/** Home / Shop / category / product. */
export function Breadcrumb({ category, name }: { category: string; name: string }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/shop">Shop</Link>
        </li>
        {category && (
          <li>
            <Link to={categoryHref(category)}>{category}</Link>
          </li>
        )}
        <li aria-current="page">{name}</li>
      </ol>
    </nav>
  );
}
