import { Link } from "@remix-run/react";

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
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
