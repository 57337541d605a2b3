// What customers say. Static copy: the shop does not collect reviews yet.
type Testimonial = { quote: string; name: string; place: string };

const testimonials: Testimonial[] = [
  {
    quote:
      "My skin has never felt so calm. Every order arrives wrapped like a gift, and the advice I was given was spot on.",
    name: "Charlotte",
    place: "London",
  },
  {
    quote:
      "I came for the cruelty-free promise and stayed for the results. It is now where I buy every birthday present, too.",
    name: "Eleanor",
    place: "Edinburgh",
  },
  {
    quote:
      "Quick, beautifully packed delivery and a genuinely lovely team. The night serum has become part of my evening ritual.",
    name: "Priya",
    place: "Manchester",
  },
];

export function Testimonials() {
  return (
    <section className="section classic-band testimonials" aria-labelledby="testimonials-heading">
      <div className="section__header">
        <p className="eyebrow">Kind Words</p>
        <h2 id="testimonials-heading">What Our Customers Say</h2>
      </div>
      <ul className="trio">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="testimonial">
              <p className="testimonial__rating" role="img" aria-label="Rated 5 out of 5">
                <span aria-hidden="true">★★★★★</span>
              </p>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                {t.name}, {t.place}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
