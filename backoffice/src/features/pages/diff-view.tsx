import { lineDiff } from "./line-diff";
import type { FieldChange } from "./types";

const fieldNames: Record<string, string> = { title: "Title", html: "Content" };

/**
 * DiffView shows what a revision changed: a short field as before → after, the content as a
 * line diff where removed and added lines are marked in words as well as colour.
 */
export function DiffView({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return <p className="pages-diff__none">This revision changed nothing.</p>;
  return (
    <div className="pages-diff">
      {changes.map((c) => (
        <section key={c.field} className="pages-diff__field">
          <h4>{fieldNames[c.field ?? ""] ?? c.field}</h4>
          {c.field === "html" ? (
            <pre className="pages-diff__lines">
              {lineDiff(c.before ?? "", c.after ?? "").map((line, i) =>
                line.kind === "same" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed diff, never reordered
                  <span key={i} className="pages-diff__line">
                    {"  "}
                    {line.text}
                  </span>
                ) : line.kind === "removed" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed diff, never reordered
                  <del key={i} className="pages-diff__line pages-diff__line--removed">
                    <span className="visually-hidden">Removed: </span>
                    <span aria-hidden="true">- </span>
                    {line.text}
                  </del>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed diff, never reordered
                  <ins key={i} className="pages-diff__line pages-diff__line--added">
                    <span className="visually-hidden">Added: </span>
                    <span aria-hidden="true">+ </span>
                    {line.text}
                  </ins>
                ),
              )}
            </pre>
          ) : (
            <dl className="pages-diff__pair">
              <dt>Before</dt>
              <dd>{c.before || <em>empty</em>}</dd>
              <dt>After</dt>
              <dd>{c.after || <em>empty</em>}</dd>
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
