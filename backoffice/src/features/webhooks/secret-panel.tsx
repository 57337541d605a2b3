import type { ReactNode } from "react";
import { SecretReveal } from "~/components/ui/secret-reveal";

/**
 * SecretPanel shows an endpoint's signing secret, the one time it can be seen. `children` says what
 * it belongs to and what happens to the secret it replaces, if any.
 */
export function SecretPanel({
  secret,
  onDone,
  children,
}: {
  secret: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <SecretReveal
      secret={secret}
      label="Signing secret"
      noun="secret"
      warning={{
        title: "This secret will not be shown again",
        body: (
          <>
            Store it now in the receiver: it checks each delivery's <code>webhook-signature</code> with it. If
            it is lost, rotate the secret.
          </>
        ),
      }}
      usage="Deliveries are signed per Standard Webhooks: any of its libraries verifies them with this secret."
      onDone={onDone}
    >
      {children}
    </SecretReveal>
  );
}
