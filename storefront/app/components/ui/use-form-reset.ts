import { type RefObject, useEffect, useRef } from "react";

type Answered<Data> = { state: "idle" | "loading" | "submitting"; data: Data | undefined };

/**
 * Empties a form sent in the background once its answer is in, as a plain form post would (the
 * page comes back fresh): the whole form when `when` holds for the answer (by default: it says ok),
 * or only the `fields` named (passwords, never kept once the API has answered).
 */
export function useFormReset<Data>(
  form: RefObject<HTMLFormElement | null>,
  fetcher: Answered<Data>,
  {
    when = (data) => isOk(data),
    fields,
  }: { when?: (data: Data) => boolean; fields?: readonly string[] } = {},
) {
  const { state, data } = fetcher;
  // The options are read when an answer comes in; they never make the form reset by themselves.
  const options = useRef({ when, fields });
  options.current = { when, fields };
  useEffect(() => {
    const { when, fields } = options.current;
    if (state !== "idle" || data === undefined || !when(data)) return;
    if (!fields) {
      form.current?.reset();
      return;
    }
    for (const name of fields) {
      const input = form.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [state, data, form]);
}

function isOk(data: unknown): boolean {
  return typeof data === "object" && data !== null && "ok" in data && data.ok === true;
}
