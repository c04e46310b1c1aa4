import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useRef } from "react";
import { PlainUploadForm } from "~/components/upload/plain-upload-form";
import { type ActionResult, ReferenceDialog } from "~/components/upload/reference-dialogs";
import { ReferenceList } from "~/components/upload/reference-list";
import { ReferenceUploader } from "~/components/upload/reference-uploader";
import { useFocusReturn } from "~/components/upload/use-focus-return";
import { LIST_DIALOG_KINDS, listHref } from "~/components/upload/list-href";
import { useHydrated } from "~/lib/use-hydrated";
import { HttpError } from "~/server/api/http.server";
import {
  deleteReference,
  getReference,
  listCategories,
  listReferences,
  REFERENCE_ADMIN_PAGE_SIZE,
  readUploadForm,
  referenceFieldsFromForm,
  referenceUpdate,
  saveReferences,
  updateReference,
  uploadsFromForm,
} from "~/server/references.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/session.server";
import { redirectWithToast, SUCCESS_MESSAGE } from "~/server/toast.server";
import { validate } from "~/server/validation.server";
import uploadStyles from "~/styles/upload.css?url";

export const meta: MetaFunction = () => [{ title: "Bilder hochladen" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: uploadStyles }];

/** `?seite=N` (1-based); anything that is not a positive whole number means the first page. */
function requestedPage(url: URL): number {
  const page = Number(url.searchParams.get("seite"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  const page = requestedPage(url);
  const [{ reference: references, total }, categories] = await Promise.all([
    listReferences(context.db, { startAt: (page - 1) * REFERENCE_ADMIN_PAGE_SIZE, limit: REFERENCE_ADMIN_PAGE_SIZE }),
    listCategories(context.db),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / REFERENCE_ADMIN_PAGE_SIZE));
  // After deleting the last image of the last page, that page no longer exists.
  if (page > pageCount) throw redirect(listHref(pageCount));

  const kind = LIST_DIALOG_KINDS.find((name) => url.searchParams.has(name));
  const reference = kind ? await getReference(context.db, url.searchParams.get(kind)!) : null;
  const dialog = kind && reference ? { kind, reference } : null;
  return { references, total, page, pageCount, categories, dialog };
}

const success = { type: "success", body: SUCCESS_MESSAGE } as const;

/**
 * Upload (the form without JavaScript), edit and delete. The uploader with JavaScript
 * sends its images to /intern/uploadReference/bild and only reports here when all are
 * stored (`uploaded`), so the page shows the same toast and the list's first page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaffForAction(request, context);
  const url = new URL(request.url);
  const multipart = request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data") ?? false;
  let intent = multipart ? "upload" : "";
  let id: string | undefined;
  try {
    const form = multipart ? await readUploadForm(request) : await readForm(request);
    intent = String(form.get("intent") ?? intent);
    id = typeof form.get("id") === "string" ? String(form.get("id")) : undefined;
    switch (intent) {
      case "upload": {
        const uploads = await uploadsFromForm(form, referenceFieldsFromForm(form));
        await saveReferences(context.db, context.cloudflare.env.IMAGES, uploads);
        return redirectWithToast(request, listHref(1), success);
      }
      case "uploaded":
        return redirectWithToast(request, listHref(1), success);
      case "update": {
        const result = validate(referenceUpdate, referenceFieldsFromForm(form));
        if (!result.ok) {
          return data<ActionResult>(
            { intent, id, error: result.message, fieldErrors: result.fieldErrors },
            { status: 400 },
          );
        }
        await updateReference(context.db, id ?? "", result.value);
        return redirectWithToast(request, listHref(requestedPage(url)), success);
      }
      case "delete":
        await deleteReference(context.db, context.cloudflare.env.IMAGES, id ?? "");
        return redirectWithToast(request, listHref(requestedPage(url)), success);
      default:
        throw new HttpError(400, "Unbekannte Aktion.");
    }
  } catch (error) {
    if (error instanceof HttpError) return data<ActionResult>({ intent, id, error: error.message }, { status: error.status });
    throw error;
  }
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new HttpError(400, "Das Formular konnte nicht gelesen werden.");
  }
}

export default function UploadReferencePage() {
  const { references, total, page, pageCount, categories, dialog } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const listHeading = useRef<HTMLHeadingElement>(null);

  const listHeadingElement = useCallback(() => listHeading.current, []);
  useFocusReturn(dialog !== null, listHeadingElement);

  return (
    <div className="upload-page">
      <h1 className="upload-page__title">Bilder hochladen</h1>
      <section className="upload-panel" aria-label="Neue Bilder">
        {hydrated ? (
          <ReferenceUploader categories={categories} focusAfterUpload={listHeadingElement} />
        ) : (
          <PlainUploadForm categories={categories} error={result?.intent === "upload" ? result.error : undefined} />
        )}
      </section>
      <ReferenceList ref={listHeading} references={references} total={total} page={page} pageCount={pageCount} />
      <ReferenceDialog dialog={dialog} page={page} categories={categories} result={result} />
    </div>
  );
}
