import { Link } from "react-router";

/** A way on drawn as a button: where it leads and what it says. */
export type ButtonLinkTo = {
  to: string;
  label: string;
  /** Load the page afresh instead of navigating in the app (a retry after a failed fetch). */
  reloadDocument?: boolean;
};

/**
 * The pair of ways on that ends a page or a panel: the main one as a primary button, the other
 * as a ghost button. The wrapper's class lays the pair out (side by side, or stacked); `as` keeps
 * a paragraph's spacing where the pair follows text, a div where it must add none.
 */
export function ButtonLinks({
  className,
  primary,
  secondary,
  as: Wrapper = "p",
}: {
  className: string;
  primary: ButtonLinkTo;
  secondary: ButtonLinkTo;
  as?: "p" | "div";
}) {
  return (
    <Wrapper className={className}>
      <Link className="button button--primary" to={primary.to} reloadDocument={primary.reloadDocument}>
        {primary.label}
      </Link>
      <Link className="button button--ghost" to={secondary.to} reloadDocument={secondary.reloadDocument}>
        {secondary.label}
      </Link>
    </Wrapper>
  );
}
