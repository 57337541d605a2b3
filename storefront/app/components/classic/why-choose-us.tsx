// Three promises, each with a small line icon drawn in the shop's style.
import type { ReactNode } from "react";
import { LineIcon } from "~/components/ui/line-icon";

/** A promise; its icon is the paths of a 40-unit line drawing. */
type Reason = { title: string; text: string; icon: ReactNode };

const reasons: Reason[] = [
  {
    title: "Natural Ingredients",
    text: "Botanical oils, plant extracts and gentle actives, in formulas free from harsh fillers and needless fragrance.",
    icon: (
      <>
        <path d="M8 32C8 16 18 8 33 7c0 15-8 25-24 25Z" />
        <path d="M8 32 24 16" />
      </>
    ),
  },
  {
    title: "Cruelty-Free",
    text: "Nothing we sell is tested on animals, at any stage, by our houses or by the suppliers of their ingredients.",
    icon: <path d="M20 33s-12-7.3-12-16a6.5 6.5 0 0 1 12-3.4A6.5 6.5 0 0 1 32 17c0 8.7-12 16-12 16Z" />,
  },
  {
    title: "Sustainable Packaging",
    text: "Glass, aluminium and recycled card, chosen to be refilled, reused or recycled, and never wrapped in plastic.",
    icon: (
      <>
        <path d="M12 14a10 10 0 0 1 17-3l2 2" />
        <path d="M31 7v6h-6" />
        <path d="M28 26a10 10 0 0 1-17 3l-2-2" />
        <path d="M9 33v-6h6" />
      </>
    ),
  },
];

export function WhyChooseUs() {
  return (
    <section className="section classic-band why" aria-labelledby="why-heading">
      <div className="section__header">
        <p className="eyebrow">Our Promise</p>
        <h2 id="why-heading">Why Choose Us</h2>
      </div>
      <ul className="trio why__list">
        {reasons.map((r) => (
          <li key={r.title} className="why__item">
            <span className="why__icon">
              <LineIcon size={40} box={40} strokeWidth={1.2}>
                {r.icon}
              </LineIcon>
            </span>
            <h3>{r.title}</h3>
            <p>{r.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
