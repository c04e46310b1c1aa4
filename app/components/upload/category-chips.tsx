/** Read-only chips naming an image's categories. */
export function CategoryChips({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <ul className="chips" aria-label="Kategorien">
      {names.map((name) => (
        <li key={name} className="chip">
          {name}
        </li>
      ))}
    </ul>
  );
}
