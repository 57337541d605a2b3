import type { RouteObject } from "react-router";
import { useParams } from "react-router";
import { PageEditor } from "./page-editor";
import { PageHistory } from "./page-history";
import { PagesList } from "./pages-list";
import "./pages.css";

function EditorRoute() {
  const { slug = "" } = useParams();
  return <PageEditor key={slug} slug={slug} />;
}

function HistoryRoute() {
  const { slug = "" } = useParams();
  return <PageHistory key={slug} slug={slug} />;
}

/** The pages section's screens, under the signed-in layout. */
export const routes: RouteObject[] = [
  { path: "pages", element: <PagesList /> },
  { path: "pages/:slug", element: <EditorRoute /> },
  { path: "pages/:slug/history", element: <HistoryRoute /> },
];
