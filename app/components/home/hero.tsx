import { Link } from "@remix-run/react";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";
import type { BusinessRecord } from "~/lib/business";
import { PATHS } from "~/lib/site-areas";

/** The picture staff marked "Titelbild"; without one the hero shows its leather pattern. */
export type HeroPicture = PictureData;

/**
 * The hero's words are the business record's (decision 020): title, slogan and the line below,
 * staff's to change. A "Titelbild" shows at full strength: on a phone above the words, on a
 * wider screen behind them with a dark gradient only on the words' side (home.css).
 */
export function Hero({
  picture,
  words,
  preview = false,
}: {
  picture: HeroPicture | null;
  words: Pick<BusinessRecord, "heroTitle" | "heroSlogan" | "heroDetail" | "city">;
  /** On the Betrieb page's preview: the same look, but no second page heading. */
  preview?: boolean;
}) {
  const Title = preview ? "p" : "h1";
  return (
    <section className={`hero${picture ? " hero--picture" : ""}`} aria-labelledby={preview ? undefined : "hero-title"}>
      {picture ? (
        // Decorative: the heading says what the page is. It is the first view's largest paint:
        // fetched first, never lazily. On a phone it spans the width; from 960 px the hero.
        <ReferencePicture picture={picture} className="hero__picture" sizes="100vw" alt="" priority />
      ) : null}
      <div className="hero__inner">
        <p className="hero__eyebrow">Meisterbetrieb für Autosattlerei · {words.city}</p>
        <Title id={preview ? undefined : "hero-title"} className="hero__title">
          {words.heroTitle}
        </Title>
        <p className="hero__slogan">{words.heroSlogan}</p>
        <p className="hero__detail">{words.heroDetail}</p>
        <p className="hero__actions">
          <Link to={PATHS.enquiry} className="button hero__cta">
            Preis anfragen – mit Fotos
          </Link>
          <Link to={PATHS.contact} className="button hero__cta hero__cta--secondary">
            Jetzt Kontaktieren
          </Link>
        </p>
      </div>
    </section>
  );
}
