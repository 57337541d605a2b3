// The six values the shop stands by (PRODUCT §2, About), each with a small drawn line icon.
import type { ReactNode } from "react";
import { LineIcon } from "~/components/ui/line-icon";

type Value = { title: string; text: string; icon: ReactNode };

export const values: readonly Value[] = [
  {
    title: "Natural Ingredients",
    text: "We favour formulas built on botanicals, plant oils and minerals, chosen for what they do for your skin rather than how they read on a label.",
    icon: (
      <>
        <path d="M5 19c0-8 6-14 14-14 0 8-6 14-14 14Z" />
        <path d="M5 19 14 10" />
      </>
    ),
  },
  {
    title: "Science-Backed Formulas",
    text: "Every product is reviewed for its evidence: proven actives at effective concentrations, stable formulations and honest claims.",
    icon: (
      <>
        <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3" />
        <path d="M7.5 15h9" />
      </>
    ),
  },
  {
    title: "Cruelty-Free",
    text: "Nothing we sell is tested on animals at any stage of its development, and we do not work with brands that sell where such testing is required.",
    icon: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10Z" />,
  },
  {
    title: "Sustainability",
    text: "Recyclable glass and paper over plastic, refills where we can offer them, and parcels packed without a single piece of plastic filler.",
    icon: (
      <>
        <path d="M20 12a8 8 0 1 1-2.3-5.7" />
        <path d="M20 4v4h-4" />
      </>
    ),
  },
  {
    title: "Social Responsibility",
    text: "We pay our team and suppliers fairly and give a share of every year's profits to charities supporting women's health in London.",
    icon: (
      <>
        <circle cx="9" cy="8" r="3" />
        <circle cx="16.5" cy="9" r="2.5" />
        <path d="M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6" />
        <path d="M15.5 14.5c3 0 5.5 2 5.5 5.5" />
      </>
    ),
  },
  {
    title: "Transparency",
    text: "Full ingredient lists, clear prices with VAT included, and straight answers to your questions — including when a product is not right for you.",
    icon: (
      <>
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
      </>
    ),
  },
];

export function ValuesList() {
  return (
    <ul className="values">
      {values.map((v) => (
        <li key={v.title} className="values__item">
          <LineIcon
            className="values__icon"
            size={32}
            strokeWidth={1.2}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {v.icon}
          </LineIcon>
          <h3>{v.title}</h3>
          <p>{v.text}</p>
        </li>
      ))}
    </ul>
  );
}
