import { Link } from "@remix-run/react";
import { DISPLAY_EDGE, ORIGINAL_MAX_EDGE, renditionSrcSet, THUMBNAIL_EDGE } from "~/lib/image-sizes";

/** The picture staff marked "Titelbild"; without one the hero shows its leather pattern. */
export interface HeroPicture {
  url: string;
  displayUrl: string;
  thumbnailUrl: string;
}

export function Hero({ picture }: { picture: HeroPicture | null }) {
  return (
    <section className={`hero${picture ? " hero--picture" : ""}`} aria-labelledby="hero-title">
      {picture ? (
        // Decorative: the heading says what the page is; the overlay keeps the text readable.
        <img
          className="hero__picture"
          src={picture.displayUrl}
          srcSet={renditionSrcSet([
            [picture.thumbnailUrl, THUMBNAIL_EDGE],
            [picture.displayUrl, DISPLAY_EDGE],
            [picture.url, ORIGINAL_MAX_EDGE],
          ])}
          sizes="100vw"
          alt=""
          decoding="async"
        />
      ) : null}
      <div className="hero__inner">
        <p className="hero__eyebrow">Meisterbetrieb für Autosattlerei · Köln</p>
        <h1 id="hero-title" className="hero__title">
          Ihre Autosattlerei in Köln
        </h1>
        <p className="hero__slogan">Handwerk, das man sieht und fühlt.</p>
        <p className="hero__detail">
          Autositze, Lenkräder, Cabrioverdecke und komplette Innenausstattungen – in Leder, Alcantara und Stoff, von
          Meisterhand gefertigt.
        </p>
        <Link to="/standort" className="button hero__cta">
          Jetzt Kontaktieren
        </Link>
      </div>
    </section>
  );
}
