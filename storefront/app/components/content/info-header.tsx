import type { ReactNode } from "react";
import { LastUpdated } from "./last-updated";

type Props = {
  eyebrow: string;
  title: string;
  /** ISO date of the last change; omitted when unknown. */
  updatedAt?: string | null;
  children?: ReactNode;
};

/** The opening of every information page: label, the page's one h1, and when it last changed. */
export function InfoHeader({ eyebrow, title, updatedAt, children }: Props) {
  return (
    <header className="info-header">
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      {updatedAt && <LastUpdated iso={updatedAt} />}
      {children}
    </header>
  );
}
