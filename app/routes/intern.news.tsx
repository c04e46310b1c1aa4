import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/admin/admin-dialog";
import { AdminListItem } from "~/components/admin/admin-list-item";
import { CreateForm } from "~/components/admin/create-form";
import { Field } from "~/components/admin/field";
import { DELETE_PARAM, EDIT_PARAM, type FormFailure } from "~/lib/staff-forms";
import { useFailureToast } from "~/components/admin/use-staff-form";
import { formatDateTime } from "~/lib/dates";
import { staffPageMeta } from "~/lib/seo";
import {
  createNews,
  deleteNews,
  getNews,
  listNews,
  NEWS_NOT_FOUND,
  NEWS_PAGE_SIZE,
  newsInput,
  updateNews,
} from "~/server/news.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/session.server";
import { dialogRecord, formFields, invalidForm, unknownIntent, writeThenRedirect } from "~/server/staff-form.server";
import { validate } from "~/server/validation.server";
import { TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from "~/lib/limits";
import { PAGE_PARAM, pageNumber } from "~/lib/page-number";

export const meta: MetaFunction = () => staffPageMeta("Neuigkeiten");

/** "Weitere laden" grows the list by one page at a time; more than this is a search, not a list. */
const MAX_PAGES = 20;
const LIST_HEADING_ID = "neuigkeiten-liste";
const itemId = (id: string) => `neuigkeit-${id}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  // `?seite=N` is page N, like every list; this list shows everything up to it.
  const pages = Math.min(MAX_PAGES, pageNumber(url.searchParams));
  const shown = pages * NEWS_PAGE_SIZE;
  // One item more than shown tells whether there is more, and where "Weitere laden" should land.
  const items = await listNews(context.db, { startAt: 0, limit: shown + 1 });

  const dialogItem = (param: string) =>
    dialogRecord(request, param, { loaded: items, load: (id) => getNews(context.db, id), gone: NEWS_NOT_FOUND });

  return {
    // Formatted here so the page ships no date library.
    items: items.slice(0, shown).map((item) => ({ ...item, shownDate: formatDateTime(item.date) })),
    pages,
    nextItemId: items[shown]?.id ?? null,
    editing: await dialogItem(EDIT_PARAM),
    deleting: await dialogItem(DELETE_PARAM),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaffForAction(request, context);
  const values = formFields(await request.formData());
  const { intent = "", id } = values;

  switch (intent) {
    case "create": {
      const input = validate(newsInput, values);
      if (!input.ok) return invalidForm({ intent, values }, input);
      return writeThenRedirect(request, () => createNews(context.db, input.value));
    }
    case "update": {
      const input = validate(newsInput, values);
      if (!input.ok) return invalidForm({ intent, id, values }, input);
      return writeThenRedirect(request, () => updateNews(context.db, id ?? "", input.value));
    }
    case "delete":
      return writeThenRedirect(request, () => deleteNews(context.db, id ?? ""));
    default:
      return unknownIntent(intent, values);
  }
}

export default function NewsAdmin() {
  const { items, pages, nextItemId, editing, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  useFocusItemFromHash();

  return (
    <div className="admin-page">
      <h1>Neuigkeiten</h1>
      <CreateForm headingId="neuigkeit-neu" heading="Neue Nachricht" submitLabel="Speichern">
        {({ failure, autoFocus }) => <NewsFields failure={failure} autoFocus={autoFocus} />}
      </CreateForm>

      <section className="admin-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          Liste der Aktuellen Neuigkeiten
        </h2>
        {items.length === 0 ? (
          <p className="admin-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="admin-list">
            {items.map((item) => (
              <AdminListItem
                key={item.id}
                id={item.id}
                anchorId={itemId(item.id)}
                title={item.title}
                meta={item.shownDate}
                text={item.text}
              />
            ))}
          </ul>
        )}
        {nextItemId ? (
          <p className="admin-more">
            <Link
              className="button button--secondary"
              to={`?${PAGE_PARAM}=${pages + 1}#${itemId(nextItemId)}`}
              preventScrollReset
            >
              Weitere laden
            </Link>
          </p>
        ) : null}
      </section>

      <EditDialog item={editing}>
        {({ item, failure }) => <NewsFields values={item} failure={failure} autoFocus />}
      </EditDialog>
      <ConfirmDeleteDialog
        item={deleting}
        text="Bist du sicher, dass du diese Nachricht löschen möchtest?"
        fallbackFocusId={LIST_HEADING_ID}
      />
    </div>
  );
}

/** Titel and Text, shared by the create form and the edit dialog; a failed submission's values win over `values`. */
function NewsFields({
  values,
  failure,
  autoFocus,
}: {
  values?: { title: string; text: string };
  failure?: FormFailure;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field
        label="Titel"
        name="title"
        required
        maxLength={TITLE_MAX_LENGTH}
        defaultValue={failure?.values.title ?? values?.title}
        error={failure?.fieldErrors.title}
        autoFocus={autoFocus}
      />
      <Field
        label="Text"
        name="text"
        multiline
        required
        maxLength={TEXT_MAX_LENGTH}
        defaultValue={failure?.values.text ?? values?.text}
        error={failure?.fieldErrors.text}
      />
    </>
  );
}

/** After "Weitere laden" focus moves to the first newly loaded item, so keyboard users continue there. */
function useFocusItemFromHash() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash.startsWith("#neuigkeit-")) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}
