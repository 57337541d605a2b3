import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { DeliveryOptionSchema } from "~/gen/atelier/store/v1/delivery_option_pb";
import { PageSchema } from "~/gen/atelier/store/v1/page_pb";
import {
  deliveryOptionsAnswer,
  expressDeliveryOption,
  standardDelivery,
  standardDeliveryOption,
} from "~/lib/testing/delivery";
import {
  type FaqDocument,
  type FaqSection,
  faqResultText,
  filterFaq,
  freeDeliveryPromise,
  htmlToText,
  legalSlugFromPath,
  loadFailureText,
  parseFaq,
  toContentPageView,
  toDeliveryOptionView,
} from "./content";
import { longDate } from "./dates";

describe("toContentPageView", () => {
  it("keeps what the API sent", () => {
    const page = create(PageSchema, {
      slug: "privacy",
      title: "Your Privacy",
      html: "<p>Hello</p>",
      updatedAt: timestampFromDate(new Date("2025-06-01T09:00:00Z")),
    });
    expect(toContentPageView("privacy", page)).toEqual({
      slug: "privacy",
      title: "Your Privacy",
      updatedAt: "2025-06-01T09:00:00.000Z",
      html: "<p>Hello</p>",
    });
  });

  it("falls back to the spec's titles and dates when the page is missing", () => {
    const privacy = toContentPageView("privacy", undefined);
    expect(privacy).toEqual({
      slug: "privacy",
      title: "Privacy Policy",
      updatedAt: "2025-05-12T00:00:00Z",
      html: null,
    });
    expect(longDate(privacy.updatedAt!)).toBe("12 May 2025");

    const terms = toContentPageView("terms", undefined);
    expect(terms.title).toBe("Terms and Conditions");
    expect(longDate(terms.updatedAt!)).toBe("13 May 2025");

    const faq = toContentPageView("faq", undefined);
    expect(faq.title).toBe("Frequently Asked Questions");
    expect(faq.updatedAt).toBeNull();
  });

  it("fills each empty field on its own", () => {
    const page = create(PageSchema, { slug: "terms", title: "  ", html: " \n ", updatedAt: { seconds: 0n } });
    expect(toContentPageView("terms", page)).toEqual({
      slug: "terms",
      title: "Terms and Conditions",
      updatedAt: "2025-05-13T00:00:00Z",
      html: null,
    });
  });
});

describe("loadFailureText", () => {
  it("names the page and the reason", () => {
    expect(loadFailureText("privacy", "Internal")).toBe(
      "Unable to load Privacy Policy. Please try again later. Error: Internal",
    );
    expect(loadFailureText("terms", "503")).toBe(
      "Unable to load Terms and Conditions. Please try again later. Error: 503",
    );
    expect(loadFailureText("faq", "the shop's API is unreachable")).toBe(
      "Unable to load FAQ. Please try again later. Error: the shop's API is unreachable",
    );
  });
});

describe("legalSlugFromPath", () => {
  it("knows the two legal pages", () => {
    expect(legalSlugFromPath("/privacy")).toBe("privacy");
    expect(legalSlugFromPath("/terms/")).toBe("terms");
    expect(legalSlugFromPath("/faq")).toBeUndefined();
  });
});

describe("toDeliveryOptionView", () => {
  it("formats the API's pence and writes the free-over rule", () => {
    const standard = create(DeliveryOptionSchema, standardDeliveryOption);
    expect(toDeliveryOptionView(standard)).toEqual(standardDelivery);
  });

  it("keeps pence in a threshold that has them, and has no rule without one", () => {
    const option = create(DeliveryOptionSchema, {
      price: { currencyCode: "GBP", minorUnits: 2499n },
      freeOver: { currencyCode: "GBP", minorUnits: 7550n },
    });
    expect(toDeliveryOptionView(option).freeOverText).toBe("Free on orders over £75.50");
    const express = create(DeliveryOptionSchema, { price: { currencyCode: "GBP", minorUnits: 2499n } });
    expect(toDeliveryOptionView(express)).toMatchObject({ price: "£24.99", freeOverText: null });
  });

  it("says Free for an option without a charge", () => {
    expect(
      toDeliveryOptionView(create(DeliveryOptionSchema, { price: { currencyCode: "GBP", minorUnits: 0n } }))
        .price,
    ).toBe("Free");
  });
});

describe("freeDeliveryPromise", () => {
  const options = (pence: bigint | null) => deliveryOptionsAnswer(pence).deliveryOptions;

  it("states the back office's rule: the free option, lower-cased, and its threshold in whole pounds", () => {
    expect(freeDeliveryPromise(options(5000n))).toBe("Free standard delivery on orders over £50");
    expect(freeDeliveryPromise(options(6000n))).toBe("Free standard delivery on orders over £60");
  });

  it("names whichever option is the free one", () => {
    const { freeOver: _, ...standard } = standardDeliveryOption;
    const premium = create(DeliveryOptionSchema, {
      ...expressDeliveryOption,
      name: "Premium Express",
      freeOver: { currencyCode: "GBP", minorUnits: 15000n },
    });
    expect(freeDeliveryPromise([create(DeliveryOptionSchema, standard), premium])).toBe(
      "Free premium express delivery on orders over £150",
    );
  });

  it("keeps pence in a threshold that has them", () => {
    expect(freeDeliveryPromise(options(4950n))).toBe("Free standard delivery on orders over £49.50");
  });

  it("promises nothing when no option is free, or there are no options", () => {
    expect(freeDeliveryPromise(options(null))).toBeNull();
    expect(freeDeliveryPromise([])).toBeNull();
  });
});

describe("htmlToText", () => {
  it("drops tags, decodes entities and collapses whitespace", () => {
    expect(
      htmlToText('<p>Verdant &amp; Co&#8217;s <a href="/x">range</a>\n&nbsp; is &#x263A; &bogus;</p>'),
    ).toBe("Verdant & Co’s range is ☺ &bogus;");
  });

  it("keeps words in separate blocks apart and inline markup joined", () => {
    expect(htmlToText("<ul><li>one</li><li>two</li></ul><p><strong>Bold</strong>ly</p>")).toBe(
      "one two Boldly",
    );
  });
});

function sections(doc: FaqDocument): FaqSection[] {
  if (doc.kind !== "sections") throw new Error(`expected sections, got ${doc.kind}`);
  return doc.sections;
}

const faqHtml = `
<h2>Orders</h2>
<h3>Do I need an account?</h3>
<p>No. You can check out as a guest.</p>

<h3>Are prices inclusive of VAT?</h3>
<p>Yes, UK VAT at 20%.</p>
<p>It is shown at checkout.</p>

<h2>Products</h2>
<h3>How do I choose between Maison Lumière and Verdant &amp; Co?</h3>
<ul><li>Maison Lumière: rich textures.</li><li>Verdant &amp; Co: botanical.</li></ul>
`;

describe("parseFaq", () => {
  it("splits sections, questions and their answer HTML", () => {
    const doc = parseFaq(faqHtml);
    expect(doc.kind).toBe("sections");
    const [orders, products] = sections(doc);
    expect(orders).toMatchObject({ id: "faq-orders", title: "Orders", introHtml: "" });
    expect(orders!.questions).toEqual([
      {
        id: "q-do-i-need-an-account",
        question: "Do I need an account?",
        answerHtml: "<p>No. You can check out as a guest.</p>",
      },
      {
        id: "q-are-prices-inclusive-of-vat",
        question: "Are prices inclusive of VAT?",
        answerHtml: "<p>Yes, UK VAT at 20%.</p>\n<p>It is shown at checkout.</p>",
      },
    ]);
    expect(products!.title).toBe("Products");
    expect(products!.questions[0]).toMatchObject({
      id: "q-how-do-i-choose-between-maison-lumiere-and-verdant-co",
      question: "How do I choose between Maison Lumière and Verdant & Co?",
      answerHtml: "<ul><li>Maison Lumière: rich textures.</li><li>Verdant &amp; Co: botanical.</li></ul>",
    });
  });

  it("keeps text before the first heading and between a section heading and its first question", () => {
    const doc = parseFaq("<p>Welcome.</p><h2>Orders</h2><p>About orders.</p><h3>Q?</h3><p>A.</p>");
    expect(doc).toMatchObject({ kind: "sections", introHtml: "<p>Welcome.</p>" });
    expect(sections(doc)[0]).toMatchObject({ title: "Orders", introHtml: "<p>About orders.</p>" });
  });

  it("gathers questions that come before any section into an untitled one", () => {
    const [first, second] = sections(
      parseFaq("<h3>First?</h3><p>One.</p><h2>More</h2><h3>Second?</h3><p>Two.</p>"),
    );
    expect(first).toMatchObject({ title: "", questions: [{ question: "First?" }] });
    expect(second).toMatchObject({ title: "More", questions: [{ question: "Second?" }] });
  });

  it("accepts attributes, upper-case tags, inline markup in questions and an unanswered question", () => {
    const [s] = sections(
      parseFaq('<H2 class="topic">Care</H2><h3 id="x">Is it <em>vegan</em>?</h3><h3>Empty?</h3>'),
    );
    expect(s!.questions).toEqual([
      { id: "q-is-it-vegan", question: "Is it vegan?", answerHtml: "" },
      { id: "q-empty", question: "Empty?", answerHtml: "" },
    ]);
  });

  it("gives repeated questions distinct ids", () => {
    const [s] = sections(parseFaq("<h2>A</h2><h3>Why?</h3><p>1</p><h3>Why?</h3><p>2</p>"));
    expect(s!.questions.map((q) => q.id)).toEqual(["q-why", "q-why-2"]);
  });

  it.each([
    ["no headings at all", "<p>Just a paragraph.</p>"],
    ["sections but no questions", "<h2>Orders</h2><p>Text.</p>"],
    ["a question heading that never closes", "<h2>Orders</h2><h3>Broken<p>Answer.</p>"],
    ["a heading nested in a question", "<h2>A</h2><h3>Q <h2>B</h2></h3><p>x</p>"],
    ["an empty question", "<h2>A</h2><h3> </h3><p>x</p>"],
  ])("falls back to the whole HTML for %s", (_, html) => {
    expect(parseFaq(html)).toEqual({ kind: "html", html });
  });
});

describe("filterFaq", () => {
  const all = sections(parseFaq(faqHtml));

  it("shows everything without a query", () => {
    expect(filterFaq(all, "  ")).toEqual({ sections: all, count: 3, term: "" });
  });

  it("matches question text, ignoring case", () => {
    const result = filterFaq(all, "ACCOUNT");
    expect(result.count).toBe(1);
    expect(result.sections.map((s) => s.title)).toEqual(["Orders"]);
    expect(result.sections[0]!.questions[0]!.question).toBe("Do I need an account?");
  });

  it("matches answer text, not markup", () => {
    expect(filterFaq(all, "checkout").count).toBe(1);
    expect(filterFaq(all, "botanical").sections.map((s) => s.title)).toEqual(["Products"]);
    expect(filterFaq(all, "li").count).toBe(0);
  });

  it("needs every word, in any order, and ignores accents", () => {
    expect(filterFaq(all, "vat uk").count).toBe(1);
    expect(filterFaq(all, "vat guest").count).toBe(0);
    expect(filterFaq(all, "lumiere").count).toBe(1);
    expect(filterFaq(all, "verdant & co").count).toBe(1);
  });

  it("drops sections left without questions and keeps the trimmed term", () => {
    expect(filterFaq(all, "  nothing like this ")).toEqual({
      sections: [],
      count: 0,
      term: "nothing like this",
    });
  });
});

describe("faqResultText", () => {
  it("counts matches and words the empty result", () => {
    expect(faqResultText({ sections: [], count: 3, term: "vat" })).toBe("3 questions match");
    expect(faqResultText({ sections: [], count: 1, term: "vat" })).toBe("1 question matches");
    expect(faqResultText({ sections: [], count: 0, term: "zebra" })).toBe('No questions match "zebra".');
    expect(faqResultText({ sections: [], count: 12, term: "" })).toBe("");
  });
});
