import type { ReactNode } from "react";
import "./page-header.css";

/**
 * PageHeader is a screen's title, an optional line under it, and its main actions. The title is
 * also the document's (React hoists <title> into <head>), so every screen has its own (WCAG 2.4.2).
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <title>{`${title} · Atelier back office`}</title>
      <div>
        <h1>{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
