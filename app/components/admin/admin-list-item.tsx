import type { ReactNode } from "react";
import { AdminListActions } from "./admin-list-actions";

/**
 * A staff page's list under its heading (the focus target once a deleted item is
 * gone): "Keine Daten vorhanden", or one `AdminListItem` per record; `more` follows it.
 */
export function AdminList<T extends { id: string }>({
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
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {heading}
      </h2>
      {items.length === 0 ? <p className="admin-list__empty">Keine Daten vorhanden</p> : <ul className="admin-list">{items.map(children)}</ul>}
      {more}
    </section>
  );
}

/** One record of a staff list: its title (and status), a line of dates, its text, and the pencil and bin. */
export function AdminListItem({
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
    <li id={anchorId} tabIndex={anchorId ? -1 : undefined} className="admin-list__item">
      <div>
        <h3 className="admin-list__title">
          {title}
          {badge ? <> {badge}</> : null}
        </h3>
        <p className="admin-list__meta">{meta}</p>
      </div>
      <AdminListActions id={id} title={title} />
      <p className="admin-list__text">{text}</p>
    </li>
  );
}
