import type { ReactNode } from "react";
import { StaffListActions } from "./staff-list-actions";

/**
 * A staff page's list under its heading (the focus target once a deleted item is
 * gone): "Keine Daten vorhanden", or one `StaffListItem` per record; `more` follows it.
 */
export function StaffList<T extends { id: string }>({
  headingId,
  heading,
  items,
  children,
  more,
}: {
  headingId: string;
  heading: string;
  items: T[];
  children: (item: T) => ReactNode;
  more?: ReactNode;
}) {
  return (
    <section className="staff-section" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {heading}
      </h2>
      {items.length === 0 ? <p className="staff-list__empty">Keine Daten vorhanden</p> : <ul className="staff-list">{items.map(children)}</ul>}
      {more}
    </section>
  );
}

/** One record of a staff list: its title (and status), a line of dates, its text, and the pencil and bin. */
export function StaffListItem({
  id,
  title,
  badge,
  meta,
  text,
  anchorId,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  meta: ReactNode;
  text: string;
  /** Makes the item a focus target, e.g. where "Weitere laden" continues. */
  anchorId?: string;
}) {
  return (
    <li id={anchorId} tabIndex={anchorId ? -1 : undefined} className="staff-list__item">
      <div>
        <h3 className="staff-list__title">
          {title}
          {badge ? <> {badge}</> : null}
        </h3>
        <p className="staff-list__meta">{meta}</p>
      </div>
      <StaffListActions id={id} title={title} />
      <p className="staff-list__text">{text}</p>
    </li>
  );
}
