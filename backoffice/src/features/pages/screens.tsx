// The pages section's screens, loaded together on the section's first visit (routes.tsx).
import { useParams } from "react-router";
import { PageEditor } from "./page-editor";
import { PageHistory } from "./page-history";
import "./pages.css";

export { PagesList } from "./pages-list";

/** EditorScreen edits the page the URL names; a new slug is a new editor, not a reused one. */
export function EditorScreen() {
  const { slug = "" } = useParams();
  return <PageEditor key={slug} slug={slug} />;
}

/** HistoryScreen shows the history of the page the URL names. */
export function HistoryScreen() {
  const { slug = "" } = useParams();
  return <PageHistory key={slug} slug={slug} />;
}
