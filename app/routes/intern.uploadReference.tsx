import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LIST_DIALOG_PARAMS, type ListDialogParam, listHref, PICTURE_FILTERS, pictureFilterOf, ZOOM_PARAM } from "~/lib/picture-list-href";
import { PlainUploadForm } from "~/components/upload/plain-upload-form";
import { BEFORE_FIELD, DeleteReferenceDialog, EditReferenceDialog, ZoomDialog } from "~/components/upload/reference-dialogs";
import { COVER_INTENT, FEATURED_INTENT, ReferenceActionsDialog } from "~/components/upload/reference-actions";
import { ReferenceList } from "~/components/upload/reference-list";
import { ReferenceUploader } from "~/components/upload/reference-uploader";
import { ACTIONS_PARAM, DELETE_PARAM, EDIT_PARAM, failureFor } from "~/lib/staff-forms";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { staffPageMeta } from "~/lib/seo";
import { useHydrated } from "~/components/use-hydrated";
import { listCategories } from "~/server/entities/categories.server";
import { referenceFieldsFromForm, saveReferences, uploadsFromForm } from "~/server/entities/reference-uploads.server";
import {
  beforeChoicesRead,
  deleteReference,
  getReference,
  listReferences,
  REFERENCE_ADMIN_PAGE_SIZE,
  REFERENCE_NOT_FOUND,
  referenceBefore,
  referenceUpdate,
  setCoverReference,
  setFeaturedReference,
  updateReference,
} from "~/server/entities/references.server";
import { readOnce } from "~/server/db/client.server";
import { PATHS } from "~/lib/site-areas";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import {
  dialogRecord,
  directWrite,
  formWithPictures,
  MOVED_TO_TRASH,
  staffAction,
  succeeded,
  validatedWrite,
} from "~/server/web/staff-form.server";
import { validate } from "~/server/base/validation.server";
import uploadStyles from "~/styles/upload.css?url";
import { pageNumber, pageRows } from "~/lib/page-number";

export const meta: MetaFunction = () => staffPageMeta("Bilder hochladen");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: PAGE_STYLES.gallery.href },
  { rel: "stylesheet", href: uploadStyles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  const page = pageNumber(url.searchParams);
  const filter = pictureFilterOf(url.searchParams);
  const [{ reference: references, total }, categories] = await Promise.all([
    listReferences(context.db, { ...pageRows(page, REFERENCE_ADMIN_PAGE_SIZE), only: filter ? PICTURE_FILTERS[filter].only : null }),
    listCategories(context.db, { withPictures: false }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / REFERENCE_ADMIN_PAGE_SIZE));
  // After deleting the last image of the last page, that page no longer exists.
  if (page > pageCount) throw redirect(listHref(pageCount, filter));

  // One dialog at a time: the first of ?aktionen=, ?bild=, ?bearbeiten=, ?loeschen= in the URL.
  const param = LIST_DIALOG_PARAMS.find((name) => url.searchParams.has(name));
  const reference = param
    ? await dialogRecord({ request, context }, param, {
        loaded: references,
        load: (id) => getReference(context.db, id),
        gone: REFERENCE_NOT_FOUND,
      })
    : null;
  const dialogFor = (name: ListDialogParam) => (param === name ? reference : null);
  const editing = dialogFor(EDIT_PARAM);
  return {
    references,
    total,
    page,
    pageCount,
    filter,
    categories,
    acting: dialogFor(ACTIONS_PARAM),
    zooming: dialogFor(ZOOM_PARAM),
    editing,
    beforeChoices: editing ? await readOnce(context.db, beforeChoicesRead(context.db, editing.id)) : [],
    deleting: dialogFor(DELETE_PARAM),
  };
}

/** The edit dialog's fields: description and categories as the plain form sends them, and the "Vorher-Bild" ("" for none). */
const referenceEdit = referenceUpdate.extend({ [BEFORE_FIELD]: referenceBefore });

/** A refused upload brings the plain form back with the module's reason at its file field, and the module's status. */
const UPLOAD_FIELD = "images";

/**
 * Upload (the form without JavaScript), edit and delete. The uploader with JavaScript
 * sends its images to /intern/uploadReference/bild and only reports here when all are
 * stored (`uploaded`), so the page shows the same toast and the list's first page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const url = new URL(request.url);
  const page = pageNumber(url.searchParams);
  // A mark set in a picture's actions comes back to them, showing the new state.
  const here = `${url.pathname}${url.search}`;
  // Too large or unreadable: the module's status and message, nothing stored.
  const posted = await formWithPictures(request, { intent: "upload", field: UPLOAD_FIELD });
  if (!posted.ok) return posted.refused;
  const { form } = posted;
  const { db } = context;

  return staffAction(
    { request, context },
    form,
    {
      upload: directWrite(
        async () => saveReferences(db, user, context.pictures, await uploadsFromForm(form, referenceFieldsFromForm(form))),
        { refusedAt: UPLOAD_FIELD, to: listHref(1) },
      ),
      uploaded: () => succeeded({ request, context }, listHref(1)),
      update: validatedWrite(
        (values) => validate(referenceEdit, { ...referenceFieldsFromForm(form), [BEFORE_FIELD]: values[BEFORE_FIELD] || null }),
        ({ beforeId, ...input }, { id }) => updateReference(db, user, id, { ...input, beforeId: beforeId ?? null }),
      ),
      delete: directWrite(({ id }) => deleteReference(db, user, id), { toast: MOVED_TO_TRASH }),
      [COVER_INTENT]: directWrite(({ id, values }) => setCoverReference(db, user, id, values.cover === "1"), { to: here }),
      [FEATURED_INTENT]: directWrite(({ id, values }) => setFeaturedReference(db, user, id, values.featured === "1"), { to: here }),
    },
    { to: listHref(page, pictureFilterOf(url.searchParams)) },
  );
}

export default function UploadReferencePage() {
  const { references, total, page, pageCount, filter, categories, acting, zooming, editing, beforeChoices, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  useFailureToast(actionData);

  return (
    <div className="staff-page">
      <h1>Bilder hochladen</h1>
      <section aria-label="Neue Bilder">
        {hydrated ? (
          <ReferenceUploader categories={categories} />
        ) : (
          <PlainUploadForm categories={categories} failure={failureFor(actionData, "upload")} />
        )}
      </section>
      <ReferenceList references={references} total={total} page={page} pageCount={pageCount} filter={filter} />
      <p className="staff-more">
        <Link to={PATHS.staffCategories} className="button button--secondary">
          Kategorien verwalten
        </Link>
      </p>
      <ReferenceActionsDialog reference={acting} />
      <ZoomDialog reference={zooming} references={references} />
      <EditReferenceDialog reference={editing} categories={categories} beforeChoices={beforeChoices} />
      <DeleteReferenceDialog reference={deleting} />
    </div>
  );
}
