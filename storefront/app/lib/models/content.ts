// The shop's editable pages (privacy, terms, FAQ) and delivery options as the information pages
// show them. Everything here is pure and runs on both server and browser: the FAQ is parsed on the
// server, and filtered in both places (the server for ?q= without JavaScript, the browser as the
// shopper types).
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { DeliveryOption } from "~/gen/atelier/store/v1/delivery_option_pb";
import type { Page } from "~/gen/atelier/store/v1/page_pb";
import { type Price, toPrice } from "./money";

export type ContentSlug = "privacy" | "terms" | "faq";

type ContentPageInfo = {
  /** Title shown when the API has none. */
  title: string;
  /** The name used in "Unable to load {name}…". */
  name: string;
  /** ISO date shown when the API has none; null: no date is shown. */
  fallbackUpdatedAt: string | null;
  description: string;
};

export const contentPages: Record<ContentSlug, ContentPageInfo> = {
  privacy: {
    title: "Privacy Policy",
    name: "Privacy Policy",
    fallbackUpdatedAt: "2025-05-12T00:00:00Z",
    description:
      "How Atelier London collects, uses and protects your personal data, and the rights you have over it.",
  },
  terms: {
    title: "Terms and Conditions",
    name: "Terms and Conditions",
    fallbackUpdatedAt: "2025-05-13T00:00:00Z",
    description:
      "The terms that apply to every order placed with Atelier London: ordering, prices, delivery, returns and your statutory rights.",
  },
  faq: {
    title: "Frequently Asked Questions",
    name: "FAQ",
    fallbackUpdatedAt: null,
    description:
      "Answers to common questions about ordering, delivery, returns, our products and your account at Atelier London.",
  },
};

export type ContentPageView = {
  slug: ContentSlug;
  title: string;
  /** ISO timestamp of the last change, or null when unknown. */
  updatedAt: string | null;
  /** Sanitised HTML from the server; null when nothing has been published yet. */
  html: string | null;
};

/** The page as the API sent it, with the shop's fallbacks for whatever is missing or empty. */
export function toContentPageView(slug: ContentSlug, page: Page | undefined): ContentPageView {
  const info = contentPages[slug];
  // An unset or zero timestamp means the server never recorded a change.
  const updatedAt =
    page?.updatedAt && page.updatedAt.seconds > 0n
      ? timestampDate(page.updatedAt).toISOString()
      : info.fallbackUpdatedAt;
  return {
    slug,
    title: page?.title.trim() || info.title,
    updatedAt,
    html: page?.html.trim() ? page.html : null,
  };
}

/** The page shown when the API could not be asked: title only. */
export function unavailableContentPage(slug: ContentSlug): ContentPageView {
  return { slug, title: contentPages[slug].title, updatedAt: null, html: null };
}

export function loadFailureText(slug: ContentSlug, detail: string): string {
  return `Unable to load ${contentPages[slug].name}. Please try again later. Error: ${detail}`;
}

/** The legal page a URL path names (/privacy, /terms), or undefined. */
export function legalSlugFromPath(pathname: string): "privacy" | "terms" | undefined {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return last === "privacy" || last === "terms" ? last : undefined;
}

// ---------- Delivery options ----------

export type DeliveryOptionView = {
  code: string;
  name: string;
  carrier: string;
  estimatedDelivery: string;
  /** Ready to show: "£17.35", or "Free". */
  price: string;
  /** "Free on orders over £50", or null when the option is never free. */
  freeOverText: string | null;
};

/** Whole pounds read better in a sentence: "over £50", not "over £50.00". */
export function sentenceAmount(price: Price): string {
  return price.formatted.replace(/\.00$/, "");
}

/** A delivery charge as the shop writes it: "Free" when the API charges nothing, else the price. */
export function deliveryPriceText(price: Price): string {
  return price.pence === 0 ? "Free" : price.formatted;
}

export function toDeliveryOptionView(o: DeliveryOption): DeliveryOptionView {
  return {
    code: o.code,
    name: o.name,
    carrier: o.carrier,
    estimatedDelivery: o.estimatedDelivery,
    price: deliveryPriceText(toPrice(o.price)),
    freeOverText: o.freeOver ? `Free on orders over ${sentenceAmount(toPrice(o.freeOver))}` : null,
  };
}

/**
 * The shop's free-delivery promise for the header and product page, "Free standard delivery on
 * orders over £50", read from the one option the back office made free (at most one is), or null
 * when none is: the storefront never states a threshold the API did not give it.
 */
export function freeDeliveryPromise(
  options: readonly Pick<DeliveryOption, "name" | "freeOver">[],
): string | null {
  const free = options.find((o) => o.freeOver);
  if (!free?.freeOver) return null;
  const option = free.name.trim().toLowerCase();
  const amount = sentenceAmount(toPrice(free.freeOver));
  return option
    ? `Free ${option} delivery on orders over ${amount}`
    : `Free delivery on orders over ${amount}`;
}

// ---------- FAQ ----------

export type FaqQuestion = { id: string; question: string; answerHtml: string };
export type FaqSection = {
  id: string;
  /** Empty for questions that came before any section heading. */
  title: string;
  /** Anything between the section heading and its first question. */
  introHtml: string;
  questions: FaqQuestion[];
};

/**
 * The FAQ as sections of questions, or — when the HTML does not follow the <h2> section /
 * <h3> question shape — the whole HTML, so nothing the shop wrote is ever lost.
 */
export type FaqDocument =
  | { kind: "sections"; introHtml: string; sections: FaqSection[] }
  | { kind: "html"; html: string };

const headingPattern = /<h([23])(?:\s[^>]*)?>([\s\S]*?)<\/h\1\s*>/gi;
const headingOpenPattern = /<h[23][\s>]/gi;

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[ref.toLowerCase()] ?? whole;
  });
}

// Block elements separate words; inline ones (<em>, <a>, <strong>) sit inside them.
const blockTagPattern =
  /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|blockquote|table|tr|td|th|section)\b[^>]*>/gi;

/** The readable text of an HTML fragment, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(blockTagPattern, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

function uniqueIds(prefix: string) {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base = `${prefix}-${slugify(text) || "item"}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}

export function parseFaq(html: string): FaqDocument {
  const whole: FaqDocument = { kind: "html", html };
  const headings = [...html.matchAll(headingPattern)];
  // A heading that opens but never closes (or nests another) would swallow content.
  if (headings.length === 0 || headings.length !== (html.match(headingOpenPattern) ?? []).length)
    return whole;

  const sectionId = uniqueIds("faq");
  const questionId = uniqueIds("q");
  const sections: FaqSection[] = [];
  let questionCount = 0;

  for (const [i, h] of headings.entries()) {
    const next = headings[i + 1];
    const start = h.index + h[0].length;
    const body = html.slice(start, next ? next.index : html.length).trim();
    const text = htmlToText(h[2] ?? "");
    if (h[1] === "2") {
      sections.push({ id: sectionId(text || "questions"), title: text, introHtml: body, questions: [] });
      continue;
    }
    if (!text) return whole;
    let section = sections.at(-1);
    if (!section) {
      section = { id: sectionId("questions"), title: "", introHtml: "", questions: [] };
      sections.push(section);
    }
    section.questions.push({ id: questionId(text), question: text, answerHtml: body });
    questionCount++;
  }

  if (questionCount === 0) return whole;
  const first = headings[0];
  return { kind: "sections", introHtml: html.slice(0, first?.index ?? 0).trim(), sections };
}

function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export type FaqFilterResult = {
  /** Sections that still have questions (all sections when there is no query). */
  sections: FaqSection[];
  /** Questions shown. */
  count: number;
  /** The query as the shopper typed it, trimmed; empty when not searching. */
  term: string;
};

/**
 * The questions whose question or answer text contains every word of the query, ignoring case
 * and accents ("lumiere" finds "Lumière").
 */
export function filterFaq(sections: FaqSection[], query: string): FaqFilterResult {
  const term = query.trim();
  const words = searchable(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return { sections, count: sections.reduce((n, s) => n + s.questions.length, 0), term: "" };
  }
  const matching = sections.flatMap((s) => {
    const questions = s.questions.filter((q) => {
      const haystack = searchable(`${q.question} ${htmlToText(q.answerHtml)}`);
      return words.every((w) => haystack.includes(w));
    });
    return questions.length ? [{ ...s, questions }] : [];
  });
  return { sections: matching, count: matching.reduce((n, s) => n + s.questions.length, 0), term };
}

/** What the live region says about a search. */
export function faqResultText(result: FaqFilterResult): string {
  if (!result.term) return "";
  if (result.count === 0) return `No questions match "${result.term}".`;
  return result.count === 1 ? "1 question matches" : `${result.count} questions match`;
}
