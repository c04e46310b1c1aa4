import type { CSSProperties } from "react";

interface Material {
  name: string;
  /** Selects the surface drawn in CSS: grain, woven fabric or suede. */
  texture: "smooth" | "natural" | "suede" | "embossed" | "woven";
  text: string;
  properties: { label: string; value: string }[];
  colours: { name: string; value: string }[];
}

const MATERIALS: Material[] = [
  {
    name: "Nappa",
    texture: "smooth",
    text: "Glattleder mit feiner Pigmentschicht: weich, pflegeleicht und farbbeständig – der Klassiker für Sitze und Lenkräder.",
    properties: [
      { label: "Griff", value: "weich und glatt" },
      { label: "Pflege", value: "einfach" },
      { label: "Geeignet für", value: "Sitze, Lenkräder, Armlehnen" },
    ],
    colours: [
      { name: "Schwarz", value: "#1d1b1a" },
      { name: "Cognac", value: "#9a5a2b" },
      { name: "Bordeaux", value: "#6b1e2a" },
      { name: "Sand", value: "#cdb38e" },
      { name: "Grau", value: "#6f6b68" },
    ],
  },
  {
    name: "Semianilin",
    texture: "natural",
    text: "Nur leicht pigmentiert, sodass die natürliche Narbung sichtbar bleibt – die Optik von Anilinleder mit guter Alltagstauglichkeit.",
    properties: [
      { label: "Griff", value: "natürlich, leicht gewachst" },
      { label: "Pflege", value: "regelmäßig" },
      { label: "Geeignet für", value: "Sitze, Türtafeln, Oldtimer" },
    ],
    colours: [
      { name: "Tabak", value: "#6e4327" },
      { name: "Mokka", value: "#4a3022" },
      { name: "Elfenbein", value: "#e4d6bd" },
      { name: "Oliv", value: "#5b5a3a" },
    ],
  },
  {
    name: "Anilin",
    texture: "natural",
    text: "Nur mit Farbstoffen durchgefärbt, ohne deckende Schicht: offenporig, atmungsaktiv und mit schöner Patina über die Jahre – braucht aber die meiste Pflege.",
    properties: [
      { label: "Griff", value: "sehr weich, warm" },
      { label: "Pflege", value: "aufwendig" },
      { label: "Geeignet für", value: "Oldtimer, Liebhaberfahrzeuge" },
    ],
    colours: [
      { name: "Natur", value: "#c08a55" },
      { name: "Cognac", value: "#a0582a" },
      { name: "Dunkelbraun", value: "#4b2c1a" },
    ],
  },
  {
    name: "Alcantara",
    texture: "suede",
    text: "Mikrofaser mit wildlederartiger Oberfläche: griffig, leicht und angenehm temperiert – beliebt für Lenkräder, Sitzmittelbahnen und Himmel.",
    properties: [
      { label: "Griff", value: "samtig, rutschfest" },
      { label: "Pflege", value: "bürsten, feucht abwischen" },
      { label: "Geeignet für", value: "Lenkräder, Himmel, Sitzbahnen" },
    ],
    colours: [
      { name: "Anthrazit", value: "#3a3a3c" },
      { name: "Schwarz", value: "#1e1e1f" },
      { name: "Rot", value: "#8e1f22" },
      { name: "Blau", value: "#24395e" },
    ],
  },
  {
    name: "Kunstleder",
    texture: "embossed",
    text: "Strapazierfähig, wasserabweisend und preiswert – ideal für Motorradsitze, Nutzfahrzeuge und stark beanspruchte Flächen.",
    properties: [
      { label: "Griff", value: "robust, leicht strukturiert" },
      { label: "Pflege", value: "sehr einfach" },
      { label: "Geeignet für", value: "Motorradsitze, Nutzfahrzeuge" },
    ],
    colours: [
      { name: "Schwarz", value: "#201f20" },
      { name: "Grau", value: "#5d5d5f" },
      { name: "Weiß", value: "#ece9e4" },
      { name: "Rot", value: "#a32a2a" },
    ],
  },
  {
    name: "Cabrio-Verdeckstoffe",
    texture: "woven",
    text: "Mehrlagiges Acrylgewebe mit Gummizwischenlage oder robustes Vinyl: wasserdicht, UV-beständig und in vielen Originalfarben erhältlich.",
    properties: [
      { label: "Aufbau", value: "Acryl- oder Vinyl-Mehrschichtstoff" },
      { label: "Pflege", value: "Spezialreiniger, Imprägnierung" },
      { label: "Geeignet für", value: "Cabrioverdecke, Persenninge" },
    ],
    colours: [
      { name: "Schwarz", value: "#1c1c1e" },
      { name: "Dunkelblau", value: "#1f2a44" },
      { name: "Bordeaux", value: "#5c1f27" },
      { name: "Beige", value: "#b9a78a" },
      { name: "Grün", value: "#2f4032" },
    ],
  },
];

/** Material cards with a surface drawn in CSS in the material's second colour (its first when it has only one), and its colour range. */
export function LeatherSwatches() {
  return (
    <ul className="swatches">
      {MATERIALS.map(({ name, texture, text, properties, colours }) => (
        <li key={name} className="swatch-card">
          <div
            className={`swatch swatch--${texture}`}
            style={{ "--swatch": colours[1]?.value ?? colours[0].value } as CSSProperties}
            aria-hidden="true"
          />
          <div className="swatch-card__body">
            <h2 className="swatch-card__title">{name}</h2>
            <p>{text}</p>
            <dl className="swatch-card__properties">
              {properties.map(({ label, value }) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p className="swatch-card__colours-title">Beispielfarben</p>
            <ul className="swatch-card__colours">
              {colours.map((colour) => (
                <li key={colour.name}>
                  <span className="colour-dot" style={{ background: colour.value }} aria-hidden="true" />
                  {colour.name}
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
