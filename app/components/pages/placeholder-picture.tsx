/** Shown where reference images would be while there are none (SPEC §2). */
export const PLACEHOLDER_SRC = "/platzhalter.svg";

export function PlaceholderPicture({
  className,
  alt = "Platzhalter: noch keine Referenzbilder vorhanden",
}: {
  className?: string;
  alt?: string;
}) {
  return <img className={className} src={PLACEHOLDER_SRC} width={1600} height={900} alt={alt} />;
}
