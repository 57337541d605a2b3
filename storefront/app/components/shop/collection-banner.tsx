// The shop's header: the collection's name, and when the shop is narrowed to one house that has a
// still life drawn, a short banner band with it behind the words (from 768 px; phones keep the
// words alone, so the first products stay on the first screen).
import { ProductImage } from "~/components/ui/product-image";
import { editorialImage } from "~/lib/editorial";

type Props = {
  heading: string;
  /** The one house (category) the shop is narrowed to, or null. */
  house: string | null;
};

/** The band is as wide as the content (1 240 px at most) and hidden below 768 px. */
const bannerSizes = "(max-width: 767px) 1px, min(100vw, 1240px)";

export function CollectionBanner({ heading, house }: Props) {
  const picture = house ? editorialImage("banner", house) : null;
  return (
    <header className={picture ? "shop__header shop__header--banner" : "shop__header"}>
      {picture && (
        <div className="shop__banner">
          <ProductImage image={picture} name={picture.alt} sizes={bannerSizes} />
        </div>
      )}
      <div className="shop__header-text">
        <p className="eyebrow">The Collection</p>
        <h1>{heading}</h1>
      </div>
    </header>
  );
}
