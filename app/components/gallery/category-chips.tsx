/** Read-only chips naming an image's categories (gallery tiles, the viewer, the staff list). */
export function CategoryChips({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <ul className="chip-list" aria-label="Kategorien">
      {names.map((name) => (
        <li key={name} className="chip">
          {name}
        </li>
      ))}
    </ul>
  );
}
