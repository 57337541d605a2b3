import { Link } from "react-router";

export function ClassicHero() {
  return (
    <section className="classic-hero" aria-labelledby="classic-title">
      <div className="classic-hero__inner">
        <p className="eyebrow">Atelier London</p>
        <h1 id="classic-title">Timeless Luxury Skincare</h1>
        <p className="classic-hero__lead">
          Exceptional formulas from the houses we love, chosen by hand in London and delivered across the UK
          and Europe.
        </p>
        <Link to="/shop" className="button button--primary">
          Shop Now
        </Link>
      </div>
    </section>
  );
}
