import { useEffect, useRef } from "react";

type Props = {
  id: string;
  message: string | null | undefined;
  /** Changes with every answer, so the same error twice is announced (and focused) twice. */
  focusKey?: unknown;
  children?: React.ReactNode;
};

/**
 * The error summary at the top of an account form: announced when it appears (role=alert) and
 * given focus, so keyboard and screen reader users land on what went wrong. The fields it concerns
 * point to it with aria-describedby.
 */
export function FormAlert({ id, message, focusKey, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey changes with each submission, so a repeated message is focused again.
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, focusKey]);
  if (!message) return null;
  return (
    <div ref={ref} id={id} className="alert alert--error form-alert" role="alert" tabIndex={-1}>
      <p>{message}</p>
      {children}
    </div>
  );
}
