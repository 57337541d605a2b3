import type { ReactNode } from "react";

type Props = {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Beneath the card: the way to the other account pages. */
  footer?: ReactNode;
};

/** The calm, centred card the sign-in, registration and password pages share. */
export function AuthLayout({ eyebrow, title, intro, children, footer }: Props) {
  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="auth-heading">
        <header className="auth-card__header">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="auth-heading">{title}</h1>
          {intro && <p className="auth-card__intro muted">{intro}</p>}
        </header>
        {children}
      </section>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </div>
  );
}
