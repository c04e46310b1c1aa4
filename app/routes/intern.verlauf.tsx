import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { Form, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/gallery/pager";
import { LOG_KEEP_DAYS, LOG_PAGE_SIZE, logSummary } from "~/lib/activity";
import { formatDateTime } from "~/lib/dates";
import { PAGE_PARAM, pageNumber, pageRows } from "~/lib/page-number";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { searchWith } from "~/lib/staff-forms";
import { countLog, listLog } from "~/server/entities/activity-log.server";
import { listStaffNames } from "~/server/entities/staff-accounts.server";
import { requireStaffForPage } from "~/server/web/staff-session.server";

export const meta: MetaFunction = () => staffPageMeta("Verlauf");

/** The pager's styles. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: PAGE_STYLES.gallery.href }];

const PAGE = PATHS.staffLog;
/** `?person=<Benutzername>`: only what this staff member did. */
const PERSON_PARAM = "person";
const LIST_HEADING_ID = "verlauf-liste";

const listHref = (person: string | null, page: number) =>
  `${PAGE}${searchWith("", { [PERSON_PARAM]: person, [PAGE_PARAM]: page > 1 ? String(page) : null })}`;

/** Looking only reads: newest first, a page at a time, of everyone or one person. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const params = new URL(request.url).searchParams;
  const people = await listStaffNames(context.db);
  const asked = params.get(PERSON_PARAM);
  const person = asked && people.includes(asked) ? asked : null;
  const page = pageNumber(params);
  const [entries, total] = await Promise.all([
    listLog(context.db, { ...pageRows(page, LOG_PAGE_SIZE), user: person }),
    countLog(context.db, person),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  if (page > pageCount) throw redirect(listHref(person, pageCount));
  return {
    people,
    person,
    page,
    pageCount,
    total,
    // Formatted here so the page ships no date library.
    entries: entries.map((entry) => ({
      ...entry,
      shownAt: formatDateTime(entry.at),
      summary: logSummary(entry.kind, entry.action),
      // A staff member's own sign-in names their account: the line names them already.
      shownTitle: entry.title === entry.user ? null : entry.title,
    })),
  };
}

export default function LogPage() {
  const { people, person, page, pageCount, total, entries } = useLoaderData<typeof loader>();
  return (
    <div className="staff-page">
      <h1>Verlauf</h1>
      <p className="staff-intro">
        Wer hat wann was angelegt, geändert oder gelöscht, dazu Anmeldungen und Änderungen am Team. Einträge bleiben{" "}
        {LOG_KEEP_DAYS} Tage lang erhalten.
      </p>
      {/* A plain GET form: the filter is part of the address, with and without JavaScript. */}
      <Form method="get" className="staff-form log-filter">
        <div className="staff-field">
          <label htmlFor="verlauf-person" className="staff-field__label">
            Person
          </label>
          <select id="verlauf-person" name={PERSON_PARAM} defaultValue={person ?? ""} key={person ?? ""}>
            <option value="">Alle</option>
            {people.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-form__buttons">
          <button type="submit" className="button button--secondary">
            Anzeigen
          </button>
        </div>
      </Form>
      <section className="staff-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          {person ? `Einträge von ${person}` : "Alle Einträge"} ({total})
        </h2>
        {entries.length === 0 ? (
          <p className="staff-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ol className="staff-list log-list">
            {entries.map((entry) => (
              <li key={entry.id} className="staff-list__item log-entry">
                <p className="log-entry__what">
                  <strong>{entry.summary}</strong>
                  {entry.shownTitle ? <span className="log-entry__title">{entry.shownTitle}</span> : null}
                </p>
                <p className="staff-list__meta">
                  <time dateTime={entry.at}>{entry.shownAt}</time> · {entry.user}
                </p>
              </li>
            ))}
          </ol>
        )}
        <Pager page={page} pageCount={pageCount} href={(number) => `${listHref(person, number)}#${LIST_HEADING_ID}`} label="Seiten des Verlaufs" />
      </section>
    </div>
  );
}
