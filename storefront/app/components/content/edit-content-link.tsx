import { useBackofficeUrl } from "~/lib/hooks/use-session";

/** For admins only: the back office's editor for this page (PRODUCT §2, information pages). */
export function EditContentLink({ slug }: { slug: string }) {
  const backoffice = useBackofficeUrl();
  if (!backoffice) return null;
  return (
    <p className="edit-content">
      <a href={`${backoffice}/pages?${new URLSearchParams({ edit: slug })}`}>Edit Content</a>
    </p>
  );
}
