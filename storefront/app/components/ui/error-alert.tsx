import type { ReactNode } from "react";

/** A page's "we could not load …" box: announced at once (role=alert), with an optional heading. */
export function LoadFailedAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="alert alert--error" role="alert">
      <h2>{title}</h2>
      <p>{children}</p>
    </div>
  );
}

/** A one-line error a page shows above its content (nothing when there is none). */
export function ErrorLine({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="alert alert--error" role="alert">
      {message}
    </p>
  );
}
