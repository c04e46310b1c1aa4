/** One step of a process as a numbered item: a short title and a sentence or two. */
export interface Step {
  title: string;
  text: string;
}

/**
 * How a job goes, from the customer's first photos to the finished piece: the home page's "So
 * arbeiten wir" and the about page's. Written once, so both pages tell the same process.
 */
export const WORK_STEPS: readonly Step[] = [
  {
    title: "Fotos schicken",
    text: "Fotografieren Sie den Schaden und schicken Sie uns die Bilder mit ein paar Worten.",
  },
  {
    title: "Richtpreis erhalten",
    text: "Wir melden uns meist innerhalb eines Werktags mit einem Richtpreis.",
  },
  {
    title: "Termin & Fertigung",
    text: "In der Werkstatt: fester Preis, Fertigung und Übergabe mit Ihnen.",
  },
];

/** Numbered steps in a row from 760 px, stacked on a phone (global.css, `.steps`). */
export function StepList({ steps, headingLevel = 3 }: { steps: readonly Step[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="steps">
      {steps.map(({ title, text }) => (
        <li key={title} className="steps__item">
          <Heading className="steps__title">{title}</Heading>
          <p className="steps__text">{text}</p>
        </li>
      ))}
    </ol>
  );
}
