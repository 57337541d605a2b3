import { CarrierMark } from "~/components/ui/carrier-mark";
import type { DeliveryOptionView } from "~/lib/models/content";

/** The carriers behind the delivery options, each once, in the options' order. */
export function DeliveryPartners({ options }: { options: DeliveryOptionView[] | null }) {
  const carriers = [...new Set((options ?? []).map((o) => o.carrier).filter(Boolean))];
  if (carriers.length === 0) return null;
  return (
    <ul className="delivery-partners" aria-label="Our carriers">
      {carriers.map((c) => (
        <li key={c}>
          <CarrierMark carrier={c} />
          <span>{c}</span>
        </li>
      ))}
    </ul>
  );
}
