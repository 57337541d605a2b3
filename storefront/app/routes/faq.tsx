// Frequently Asked Questions: the FAQ page the shop writes in the back office, parsed on the
// server into sections of questions and shown as an accordion the shopper can search.

import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ContentFallback } from "~/components/content/content-fallback";
import { EditContentLink } from "~/components/content/edit-content-link";
import { FaqSearch } from "~/components/content/faq-search";
import { FaqSections } from "~/components/content/faq-sections";
import { InfoHeader } from "~/components/content/info-header";
import { LoadFailure } from "~/components/content/load-failure";
import { PageContents } from "~/components/content/page-contents";
import { Prose } from "~/components/content/prose";
import { StillHaveQuestions } from "~/components/content/still-have-questions";
import { useFaqQuery } from "~/components/content/use-faq-query";
import { contentPages, type FaqDocument, faqResultText, filterFaq, parseFaq } from "~/lib/models/content";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { loadContentPage } from "~/lib/server/content.server";
import "~/styles/pages/content.css";
import "~/styles/pages/faq.css";
import type { Route } from "./+types/faq";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { page, error } = await loadContentPage(api(context), "faq");
  return data(
    { title: page.title, updatedAt: page.updatedAt, faq: page.html ? parseFaq(page.html) : null, error },
    { status: error ? 503 : 200 },
  );
}

/** Searching only changes ?q=, which the page filters by itself: no need to ask the API again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const withoutQuery = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("q");
    return `${url.pathname}?${params}`;
  };
  return withoutQuery(currentUrl) === withoutQuery(nextUrl) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.title ?? contentPages.faq.title,
    description: contentPages.faq.description,
    origin: originFrom(matches),
    path: "/faq",
  });

export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  const { title, updatedAt, faq, error } = loaderData;
  return (
    <div className="page page--narrow info-page faq">
      <InfoHeader eyebrow="Help" title={title} updatedAt={error ? null : updatedAt}>
        <EditContentLink slug="faq" />
      </InfoHeader>
      {error ? <LoadFailure message={error} /> : <FaqBody faq={faq} />}
      <StillHaveQuestions />
    </div>
  );
}

function FaqBody({ faq }: { faq: FaqDocument | null }) {
  if (!faq) return <ContentFallback name={contentPages.faq.name} />;
  if (faq.kind === "html") return <Prose html={faq.html} />;
  return <SearchableFaq faq={faq} />;
}

function SearchableFaq({ faq }: { faq: Extract<FaqDocument, { kind: "sections" }> }) {
  const [query, setQuery] = useFaqQuery();
  const result = filterFaq(faq.sections, query);
  const searching = result.term !== "";
  const topics = faq.sections
    .filter((s) => s.title && s.questions.length > 0)
    .map((s) => ({ id: s.id, title: s.title }));
  return (
    <>
      {faq.introHtml && <Prose html={faq.introHtml} />}
      <FaqSearch query={query} onQueryChange={setQuery} resultText={faqResultText(result)} />
      {!searching && topics.length > 1 && <PageContents items={topics} label="Topics" />}
      <FaqSections sections={result.sections} searching={searching} />
    </>
  );
}
