import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextArea, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { StaleAlert } from "~/components/ui/stale-alert";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { staleMessage } from "~/lib/api/stale";
import { formatDateTime } from "~/lib/format";
import { pageKeys, usePage } from "./api";
import type { AdminPage } from "./types";

/** The editor's schema: what the form checks before the API does (which also sanitises). */
export const pageSchema = z.object({
  title: z.string().trim().min(1, "Enter a title.").max(200, "Keep the title to 200 characters."),
  html: z.string().max(200_000, "The content is longer than 200 000 characters."),
});

type Errors = Partial<Record<"title" | "html", string>>;

/**
 * PageEditor edits one page's title and HTML. It saves with the revision it was opened at, so
 * another admin's newer save is never overwritten silently, and its preview shows what the
 * server stored (sanitised), never what was typed.
 */
export function PageEditor({ slug }: { slug: string }) {
  const page = usePage(slug);
  if (page.isPending) return <LoadingState label="Loading the page..." />;
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.reason === "page_not_found";
    return (
      <>
        <PageHeader title="Edit page" />
        <ErrorState error={page.error} onRetry={missing ? undefined : () => page.refetch()} />
        <p>
          <Link to="/pages">All pages</Link>
        </p>
      </>
    );
  }
  // A new revision (a save, a reload after someone else's save) starts the form afresh from it.
  return <EditorForm key={page.data.revision ?? "new"} slug={slug} page={page.data} />;
}

function EditorForm({ slug, page }: { slug: string; page: AdminPage }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState(page.title ?? "");
  const [html, setHtml] = useState(page.html ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [reloading, setReloading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const navigate = useNavigate();

  const remove = useMutation({
    mutationFn: async () =>
      unwrap(
        api.DELETE("/api/v1/admin/pages/{slug}", {
          params: { path: { slug }, query: { expected_revision: page.revision ?? "0" } },
        }),
      ),
    onSuccess: () => {
      toast(`Page “${page.title}” deleted.`);
      queryClient.removeQueries({ queryKey: pageKeys.one(slug) });
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
      navigate("/pages", { replace: true });
    },
    onError: () => setConfirmDelete(false),
  });

  const save = useMutation({
    mutationFn: async (input: { title: string; html: string }) => {
      const res = await unwrap(
        api.PATCH("/api/v1/admin/pages/{slug}", {
          params: { path: { slug }, query: { expected_revision: page.revision ?? "0" } },
          body: input,
        }),
      );
      return { saved: (res.page ?? {}) as AdminPage, sent: input.html };
    },
    onSuccess: ({ saved, sent }) => {
      toast(saved.html === sent ? "Page saved." : "Page saved. The server removed markup it does not allow.");
      queryClient.setQueryData(pageKeys.one(slug), saved);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
      void queryClient.invalidateQueries({ queryKey: pageKeys.revisions(slug) });
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors({ title: err.fields.title, html: err.fields.html });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = pageSchema.safeParse({ title, html });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  async function reload() {
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: pageKeys.all });
    } finally {
      setReloading(false);
    }
  }

  const failure = save.error ?? remove.error;
  const stale = staleMessage(failure);
  const fieldError = save.error instanceof ApiError && Object.keys(save.error.fields).length > 0;

  return (
    <>
      <PageHeader
        title={`Edit “${page.title || slug}”`}
        description={
          <>
            /{slug} · revision {page.revision ?? "–"}
            {page.updated_at ? ` · saved ${formatDateTime(page.updated_at)}` : ""}
            {page.updated_by?.display_name ? ` by ${page.updated_by.display_name}` : ""}
          </>
        }
        actions={
          <>
            <Link className="button button--secondary" to="/pages">
              All pages
            </Link>
            <Link className="button button--secondary" to={`/pages/${slug}/history`}>
              History
            </Link>
          </>
        }
      />
      {stale ? (
        <StaleAlert message={stale} onReload={reload} reloading={reloading} />
      ) : failure && !fieldError ? (
        <Alert title={remove.error ? "Not deleted" : "Not saved"}>{failure.message}</Alert>
      ) : null}
      <div className="page-editor">
        <form className="panel page-editor__form" onSubmit={submit} noValidate aria-label="Page">
          <TextField
            label="Title"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            required
            error={errors.title}
          />
          <TextArea
            label="Content (HTML)"
            name="html"
            className="page-editor__html"
            value={html}
            onChange={(e) => setHtml(e.target.value)}
            rows={22}
            spellCheck={false}
            hint="Headings, paragraphs, lists, links, emphasis, tables and quotations. Anything else is removed when saved."
            error={errors.html}
          />
          <div className="page-editor__actions">
            <Button type="submit" busy={save.isPending}>
              Save
            </Button>
            {page.built_in ? null : (
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                Delete page
              </Button>
            )}
          </div>
        </form>
        <section className="panel page-editor__preview" aria-labelledby="page-preview-heading">
          <h2 id="page-preview-heading">Preview</h2>
          <p className="page-editor__note">
            As stored by the shop (sanitised), revision {page.revision ?? "–"}.
          </p>
          <PagePreview title={page.title ?? ""} html={page.html ?? ""} />
        </section>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${page.title}”?`}
        confirmLabel="Delete page"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmDelete(false)}
      >
        The page and its history are deleted, and /{slug} is no longer shown in the shop.
      </ConfirmDialog>
    </>
  );
}

const previewStyle =
  // The shop's type as far as a frame without the shop's fonts can show it: sans body, serif headings.
  'body{font-family:"Avenir Next","Segoe UI",system-ui,sans-serif;color:#1f1b17;background:#fffdf9;margin:1rem;line-height:1.6}' +
  "h1,h2,h3{font-family:Georgia,serif;font-weight:500}a{color:#7b5a2a}table{border-collapse:collapse}td,th{border:1px solid #cfc3b4;padding:.25rem .5rem}";

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * PagePreview renders stored HTML in a sandboxed frame with no permissions at all: no scripts,
 * no forms, no same-origin access, so even markup the sanitiser missed cannot reach the back
 * office's session or DOM.
 */
export function PagePreview({ title, html }: { title: string; html: string }) {
  const doc = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><style>${previewStyle}</style></head><body><h1>${escapeText(title)}</h1>${html}</body></html>`;
  return <iframe className="page-editor__frame" title="Preview" sandbox="" srcDoc={doc} />;
}
