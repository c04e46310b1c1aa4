/**
 * Makes of vehicles the workshop works on, set as plain wordmarks: no third-party
 * logo files, and worded as what we work on, not as partnerships.
 */
const MAKES = [
  { name: "Mercedes-Benz", style: "serif" },
  { name: "BMW", style: "wide" },
  { name: "Porsche", style: "wide" },
  { name: "Volkswagen", style: "sans" },
  { name: "Jaguar", style: "serif" },
  { name: "Harley-Davidson", style: "sans" },
  { name: "Vespa", style: "script" },
] as const;

export function LogoStrip() {
  return (
    <section className="logo-strip" aria-labelledby="marken-title">
      <h2 id="marken-title" className="logo-strip__title">
        Wir arbeiten an Fahrzeugen aller Marken, zum Beispiel
      </h2>
      <ul className="logo-strip__list">
        {MAKES.map(({ name, style }) => (
          <li key={name} className={`logo-strip__mark logo-strip__mark--${style}`}>
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
