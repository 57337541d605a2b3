import { render, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { useFormReset } from "./use-form-reset";

type Answer = { ok: boolean };
type Fetcher = { state: "idle" | "loading" | "submitting"; data: Answer | undefined };

function Subject({ fetcher, fields, always }: { fetcher: Fetcher; fields?: string[]; always?: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  useFormReset(form, fetcher, { ...(always && { when: () => true }), fields });
  return (
    <form ref={form}>
      <label>
        Name <input name="name" defaultValue="" />
      </label>
      <label>
        Password <input name="password" defaultValue="" />
      </label>
    </form>
  );
}

function typeInto(label: string, value: string) {
  (screen.getByLabelText(label) as HTMLInputElement).value = value;
}

describe("useFormReset", () => {
  it("empties the form once a background submission succeeds, not before and not after a refusal", () => {
    const { rerender } = render(<Subject fetcher={{ state: "submitting", data: undefined }} />);
    typeInto("Name", "Ada");
    rerender(<Subject fetcher={{ state: "idle", data: { ok: false } }} />);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
    rerender(<Subject fetcher={{ state: "submitting", data: { ok: false } }} />);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
    rerender(<Subject fetcher={{ state: "idle", data: { ok: true } }} />);
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });

  it("keeps what is typed after the success (only a new answer resets again)", () => {
    const success = { ok: true };
    const { rerender } = render(<Subject fetcher={{ state: "idle", data: success }} />);
    typeInto("Name", "Grace");
    rerender(<Subject fetcher={{ state: "idle", data: success }} />);
    expect(screen.getByLabelText("Name")).toHaveValue("Grace");
  });

  it("empties only the fields named, on any answer when told so", () => {
    const { rerender } = render(
      <Subject fetcher={{ state: "submitting", data: undefined }} fields={["password"]} always />,
    );
    typeInto("Name", "Ada");
    typeInto("Password", "secret");
    rerender(<Subject fetcher={{ state: "idle", data: { ok: false } }} fields={["password"]} always />);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });
});
