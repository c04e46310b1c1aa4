import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/staff/staff-dialog";
import { StaffList, StaffListItem } from "~/components/staff/staff-list-item";
import { CreateForm } from "~/components/staff/create-form";
import { Field } from "~/components/staff/field";
import { fieldState, type FormFailure } from "~/lib/staff-forms";
import { useFailureToast } from "~/components/staff/use-staff-form";
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
} from "~/server/entities/news.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import { directWrite, listDialogs, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
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

  return {
    // Formatted here so the page ships no date library.
    items: items.slice(0, shown).map((item) => ({ ...item, shownDate: formatDateTime(item.date) })),
    pages,
    nextItemId: items[shown]?.id ?? null,
    ...(await listDialogs({ request, context }, { loaded: items, load: (id) => getNews(context.db, id), gone: NEWS_NOT_FOUND })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    create: validatedWrite(newsInput, (input) => createNews(context.db, user, input)),
    update: validatedWrite(newsInput, (input, { id }) => updateNews(context.db, user, id, input)),
    delete: directWrite(({ id }) => deleteNews(context.db, user, id), { toast: MOVED_TO_TRASH }),
  });
}

export default function StaffNewsPage() {
  const { items, pages, nextItemId, editing, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  useFocusItemFromHash();

  return (
    <div className="staff-page">
      <h1>Neuigkeiten</h1>
      <CreateForm headingId="neuigkeit-neu" heading="Neue Nachricht" submitLabel="Speichern">
        {({ failure, autoFocus }) => <NewsFields failure={failure} autoFocus={autoFocus} />}
      </CreateForm>

      <StaffList
        headingId={LIST_HEADING_ID}
        heading="Liste der Aktuellen Neuigkeiten"
        items={items}
        more={
          nextItemId ? (
            <p className="staff-more">
              <Link
                className="button button--secondary"
                to={`?${PAGE_PARAM}=${pages + 1}#${itemId(nextItemId)}`}
                preventScrollReset
              >
                Weitere laden
              </Link>
            </p>
          ) : null
        }
      >
        {(item) => (
          <StaffListItem
            key={item.id}
            id={item.id}
            anchorId={itemId(item.id)}
            title={item.title}
            meta={item.shownDate}
            text={item.text}
          />
        )}
      </StaffList>

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

/** Titel and Text, shared by the create form and the edit dialog. */
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
      <Field label="Titel" required maxLength={TITLE_MAX_LENGTH} {...fieldState(failure, "title", values?.title)} autoFocus={autoFocus} />
      <Field label="Text" multiline required maxLength={TEXT_MAX_LENGTH} {...fieldState(failure, "text", values?.text)} />
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
