import { type FormEvent, useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/**
 * The submit handler of an account form that also works as a plain form post. Before hydration it
 * does nothing: the browser posts and the action answers. Once hydrated, a second submit while one
 * is pending is ignored, and `check` — the rule the action applies too — stops a submit whose
 * fields are wrong; its problem is kept to show until the next submit.
 */
export function useCheckedSubmit<Problem>(pending: boolean, check: (form: FormData) => Problem | null) {
  const hydrated = useHydrated();
  const [clientProblem, setClientProblem] = useState<Problem | null>(null);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    if (pending) {
      e.preventDefault();
      return;
    }
    const problem = check(new FormData(e.currentTarget));
    if (problem) e.preventDefault();
    setClientProblem(problem);
  };
  return { clientProblem, onSubmit };
}
