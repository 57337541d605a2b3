import { useId } from "react";

export type ContentsItem = { id: string; title: string };

/** An in-page table of contents: anchor links to the page's sections. */
export function PageContents({
  items,
  label = "On this page",
}: {
  items: readonly ContentsItem[];
  label?: string;
}) {
  const labelId = useId();
  return (
    <nav className="page-contents" aria-labelledby={labelId}>
      <p className="page-contents__label" id={labelId}>
        {label}
      </p>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
