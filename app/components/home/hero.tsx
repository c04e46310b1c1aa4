import { Link } from "@remix-run/react";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";
import type { BusinessRecord } from "~/lib/business";

/** The picture staff marked "Titelbild"; without one the hero shows its leather pattern. */
export type HeroPicture = PictureData;

/** The hero's words are the business record's (decision 020): title, slogan and the line below, staff's to change. */
export function Hero({
  picture,
  words,
}: {
  picture: HeroPicture | null;
  words: Pick<BusinessRecord, "heroTitle" | "heroSlogan" | "heroDetail" | "city">;
}) {
  return (
    <section className={`hero${picture ? " hero--picture" : ""}`} aria-labelledby="hero-title">
      {picture ? (
        // Decorative: the heading says what the page is; the overlay keeps the text readable.
        // It fills the first view, so it is the largest paint: fetched first, never lazily.
        <ReferencePicture picture={picture} className="hero__picture" sizes="100vw" alt="" priority />
      ) : null}
      <div className="hero__inner">
        <p className="hero__eyebrow">Meisterbetrieb für Autosattlerei · {words.city}</p>
        <h1 id="hero-title" className="hero__title">
          {words.heroTitle}
        </h1>
        <p className="hero__slogan">{words.heroSlogan}</p>
        <p className="hero__detail">{words.heroDetail}</p>
        <Link to="/standort" className="button hero__cta">
          Jetzt Kontaktieren
        </Link>
      </div>
    </section>
  );
}
