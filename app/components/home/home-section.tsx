import type { ReactNode } from "react";

/** A section of the home page under its heading. */
export function HomeSection({
  headingId,
  title,
  className,
  id,
  children,
}: {
  headingId: string;
  title: string;
  /** Added to `home-section`. */
  className?: string;
  /** A fragment target, e.g. where the news pager lands. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `home-section ${className}` : "home-section"} id={id} aria-labelledby={headingId}>
      <h2 id={headingId} className="home-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
