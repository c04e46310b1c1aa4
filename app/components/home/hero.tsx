import { Link } from "@remix-run/react";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";

/** The picture staff marked "Titelbild"; without one the hero shows its leather pattern. */
export type HeroPicture = PictureData;

export function Hero({ picture }: { picture: HeroPicture | null }) {
  return (
    <section className={`hero${picture ? " hero--picture" : ""}`} aria-labelledby="hero-title">
      {picture ? (
        // Decorative: the heading says what the page is; the overlay keeps the text readable.
        // It fills the first view, so it is the largest paint: fetched first, never lazily.
        <ReferencePicture picture={picture} className="hero__picture" sizes="100vw" alt="" priority />
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
