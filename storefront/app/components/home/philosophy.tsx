import { Link } from "react-router";

/** The shop's point of view, leading to the About page. */
export function Philosophy() {
  return (
    <section className="section home-band philosophy" aria-labelledby="philosophy-heading">
      <div className="philosophy__statement">
        <p className="eyebrow">Our Philosophy</p>
        <h2 id="philosophy-heading">Fewer, finer things for your skin</h2>
      </div>
      <div className="philosophy__body">
        <p className="lead">
          We believe skincare should be a quiet pleasure. Every formula on our shelves is chosen by hand in
          our London atelier for what it does, how it feels and what it is made of.
        </p>
        <p>
          Natural ingredients, science-backed formulas and a promise that nothing we sell is tested on
          animals: that is the standard each of our houses has to meet.
        </p>
        <Link to="/about" className="button button--ghost">
          Discover Our Story
        </Link>
      </div>
    </section>
  );
}
