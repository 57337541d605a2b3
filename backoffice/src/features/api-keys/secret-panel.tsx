import { SecretReveal } from "~/components/ui/secret-reveal";
import type { ApiKey } from "./api";

/** SecretPanel shows a new key's secret, the one time it can be seen, and where to store it. */
export function SecretPanel({
  secret,
  kind,
  onDone,
}: {
  secret: string;
  kind: ApiKey["kind"];
  onDone: () => void;
}) {
  return (
    <SecretReveal
      secret={secret}
      label="Your new API key"
      noun="key"
      warning={{
        title: "This key will not be shown again",
        body: (
          <>
            Store it now where{" "}
            {kind === "API_KEY_KIND_PUBLISHABLE"
              ? "the partner's site is built"
              : "the partner's server keeps secrets"}
            . Only a fingerprint of it is kept: if it is lost, make a new key and revoke this one.
          </>
        ),
      }}
      usage={
        <>
          Calls send it in a header: <code>Authorization: Bearer atl_…</code>
        </>
      }
      onDone={onDone}
    />
  );
}
