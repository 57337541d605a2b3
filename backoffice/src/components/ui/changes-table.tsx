import type { ReactNode } from "react";
import "./changes-table.css";

/** A field a revision changed: its label, and its value before and after, in words. */
export type Change = { key: string; label: string; before: ReactNode; after: ReactNode };

/**
 * ChangesTable shows what one revision changed, a row per field with its value before and after
 * (struck through and underlined, so the difference does not rest on colour alone).
 */
export function ChangesTable({ caption, changes }: { caption: string; changes: Change[] }) {
  if (changes.length === 0) return <p className="changes-table__none">No field changed.</p>;
  return (
    <table className="changes-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.key}>
            <th scope="row">{c.label}</th>
            <td>
              <del>{c.before}</del>
            </td>
            <td>
              <ins>{c.after}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Empty is how a ChangesTable cell says a field had no value. */
export function Empty() {
  return <span className="changes-table__none">(empty)</span>;
}
