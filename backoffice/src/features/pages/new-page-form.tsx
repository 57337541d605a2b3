import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { pageKeys } from "./api";
import type { AdminPage } from "./types";

/** A new page's schema: its address (which never changes) and its title. */
export const newPageSchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      "Use lower-case letters and digits in words joined by hyphens, e.g. shipping-policy.",
    )
    .max(64, "At most 64 characters."),
  title: z.string().trim().min(1, "Enter a title.").max(200, "At most 200 characters."),
});

type Errors = Partial<Record<"slug" | "title", string>>;

/** NewPageForm adds a page (empty, revision 1) and opens its editor. */
export function NewPageForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: async (input: z.output<typeof newPageSchema>) =>
      unwrap(api.POST("/api/v1/admin/pages", { body: { ...input, html: "" } })),
    onSuccess: (res) => {
      const page = (res.page ?? {}) as AdminPage;
      toast(`Page “${page.title}” added.`);
      queryClient.setQueryData(pageKeys.one(page.slug ?? ""), page);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
      navigate(`/pages/${page.slug}`);
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors({ slug: err.fields.slug, title: err.fields.title });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = newPageSchema.safeParse({
      slug: String(form.get("slug") ?? ""),
      title: String(form.get("title") ?? ""),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  const placed = create.error instanceof ApiError && Object.keys(create.error.fields).length > 0;
  return (
    <section className="panel" aria-labelledby="new-page-heading">
      <h2 id="new-page-heading">Add a page</h2>
      {create.error && !placed ? <Alert title="Not added">{create.error.message}</Alert> : null}
      <form className="pages-new" onSubmit={submit} noValidate aria-label="Add a page">
        <TextField
          label="Address"
          name="slug"
          hint="e.g. shipping-policy; it never changes."
          error={errors.slug}
        />
        <TextField label="Title" name="title" error={errors.title} />
        <Button type="submit" busy={create.isPending}>
          Add page
        </Button>
      </form>
    </section>
  );
}
