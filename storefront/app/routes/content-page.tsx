// The Privacy Policy (/privacy) and Terms and Conditions (/terms): pages the shop writes in the
// back office. One module serves both routes; the URL says which page is wanted.

import { data } from "react-router";
import { ContentFallback } from "~/components/content/content-fallback";
import { EditContentLink } from "~/components/content/edit-content-link";
import { InfoHeader } from "~/components/content/info-header";
import { LoadFailure } from "~/components/content/load-failure";
import { Prose } from "~/components/content/prose";
import { contentPages, legalSlugFromPath } from "~/lib/models/content";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { loadContentPage } from "~/lib/server/content.server";
import "~/styles/pages/content.css";
import type { Route } from "./+types/content-page";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

export async function loader({ url, context }: Route.LoaderArgs) {
  const slug = legalSlugFromPath(url.pathname);
  if (!slug) throw data(null, { status: 404 });
  const result = await loadContentPage(api(context), slug);
  return data(result, { status: result.error ? 503 : 200 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const slug = loaderData?.page.slug ?? "privacy";
  return pageMeta({
    title: loaderData?.page.title ?? contentPages[slug].title,
    description: contentPages[slug].description,
    origin: originFrom(matches),
    path: `/${slug}`,
  });
};

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  return (
    <article className="page page--narrow info-page legal-page">
      <InfoHeader eyebrow="Legal" title={page.title} updatedAt={error ? null : page.updatedAt}>
        <EditContentLink slug={page.slug} />
      </InfoHeader>
      {error ? (
        <LoadFailure message={error} />
      ) : page.html ? (
        <Prose html={page.html} />
      ) : (
        <ContentFallback name={contentPages[page.slug].name} />
      )}
    </article>
  );
}
