import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/gallery/pager";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { ConfirmDeleteDialog } from "~/components/staff/staff-dialog";
import { DialogLink } from "~/components/staff/staff-list-actions";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { ITEM_KIND_LABELS, TRASH_KEEP_DAYS, TRASH_PAGE_SIZE } from "~/lib/activity";
import { formatDateTime } from "~/lib/dates";
import { PAGE_PARAM, pageNumber, pageRows } from "~/lib/page-number";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { DELETE_PARAM, deleteControlId } from "~/lib/staff-forms";
import { SUCCESS_MESSAGE } from "~/lib/toast";
import { countTrash, deleteFromTrash, getTrashEntry, listTrash, restoreFromTrash, TRASH_NOT_FOUND, type TrashEntry } from "~/server/entities/trash.server";
import { dialogRecord, directWrite, staffAction } from "~/server/web/staff-form.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";

export const meta: MetaFunction = () => staffPageMeta("Papierkorb");

/** The pager's styles. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: PAGE_STYLES.gallery.href }];

const PAGE = PATHS.staffTrash;
const LIST_HEADING_ID = "papierkorb-liste";
const listHref = (page: number) => `${PAGE}${page > 1 ? `?${PAGE_PARAM}=${page}` : ""}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const page = pageNumber(new URL(request.url).searchParams);
  const [entries, total] = await Promise.all([listTrash(context.db, pageRows(page, TRASH_PAGE_SIZE)), countTrash(context.db)]);
  const pageCount = Math.max(1, Math.ceil(total / TRASH_PAGE_SIZE));
  // After restoring the last entry of the last page, that page no longer exists.
  if (page > pageCount) throw redirect(listHref(pageCount));
  const shown = entries.map(withDates);
  const deleting = await dialogRecord({ request, context }, DELETE_PARAM, {
    loaded: shown,
    load: async (id) => {
      const entry = await getTrashEntry(context.db, id);
      return entry && withDates(entry);
    },
    gone: TRASH_NOT_FOUND,
  });
  return { entries: shown, total, page, pageCount, deleting };
}

/** Formatted here so the page ships no date library. */
function withDates(entry: TrashEntry) {
  return { ...entry, deleted: formatDateTime(entry.deletedAt), purged: formatDateTime(entry.purgeAfter) };
}
type ShownEntry = ReturnType<typeof withDates>;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const page = pageNumber(new URL(request.url).searchParams);
  return staffAction(
    { request, context },
    await request.formData(),
    {
      restore: directWrite(({ id }) => restoreFromTrash(context.db, user, id), {
        toast: ({ kind, title }) => ({ type: "success", title: SUCCESS_MESSAGE, body: `${ITEM_KIND_LABELS[kind]} „${title}“ ist wiederhergestellt.` }),
      }),
      delete: directWrite(({ id }) => deleteFromTrash(context.db, context.cloudflare.env.IMAGES, user, id)),
    },
    { to: listHref(page) },
  );
}

export default function TrashPage() {
  const { entries, total, page, pageCount, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());
  return (
    <div className="staff-page">
      <h1>Papierkorb</h1>
      <p className="staff-intro">
        Gelöschte Einträge bleiben {TRASH_KEEP_DAYS} Tage hier und lassen sich so lange wiederherstellen, genau wie sie waren. Danach
        werden sie endgültig gelöscht, Bilder mit ihren Dateien.
      </p>
      <section className="staff-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          {total === 1 ? "1 gelöschter Eintrag" : `${total} gelöschte Einträge`}
        </h2>
        {entries.length === 0 ? (
          <p className="staff-list__empty">Der Papierkorb ist leer.</p>
        ) : (
          <ul className="staff-list">
            {entries.map((entry) => (
              <TrashItem key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pageCount} href={(number) => `${listHref(number)}#${LIST_HEADING_ID}`} label="Seiten des Papierkorbs" />
      </section>
      <ConfirmDeleteDialog
        item={deleting}
        text="Bist du sicher, dass du diesen Eintrag endgültig löschen möchtest?"
        note="Das lässt sich nicht rückgängig machen."
        confirmLabel="Endgültig löschen"
        fallbackFocusId={LIST_HEADING_ID}
      />
    </div>
  );
}

/** What it was (a picture shows itself), who deleted it when, and the two ways out. */
function TrashItem({ entry }: { entry: ShownEntry }) {
  const kind = ITEM_KIND_LABELS[entry.kind];
  return (
    <li className="staff-list__item trash-item">
      {entry.picture ? (
        <ReferencePicture picture={entry.picture} className="trash-item__picture" sizes="96px" width={96} height={96} loading="lazy" alt="" />
      ) : null}
      <div className="trash-item__about">
        <h3 className="staff-list__title">
          <span className="staff-badge trash-item__kind">{kind}</span> {entry.title}
        </h3>
        <p className="staff-list__meta">
          Gelöscht von {entry.deletedBy} am {entry.deleted}
          <br />
          Endgültig gelöscht am {entry.purged}
        </p>
      </div>
      <div className="trash-item__actions">
        <Form method="post" preventScrollReset>
          <IntentFields intent="restore" id={entry.id} />
          <SubmitButton intent="restore" id={entry.id} pendingLabel="Wiederherstellen…" label={`Wiederherstellen: ${kind} „${entry.title}“`}>
            Wiederherstellen
          </SubmitButton>
        </Form>
        <DialogLink
          param={DELETE_PARAM}
          itemId={entry.id}
          controlId={deleteControlId(entry.id)}
          className="button button--secondary"
          label={`Endgültig löschen: ${kind} „${entry.title}“`}
        >
          Endgültig löschen
        </DialogLink>
      </div>
    </li>
  );
}
