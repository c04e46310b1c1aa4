import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { AdminListActions } from "~/components/admin/admin-list-actions";
import { Field } from "~/components/admin/field";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import {
  DELETE_PARAM,
  EDIT_PARAM,
  editControlId,
  failureFor,
  searchWith,
  useFocusFirstError,
  useFormKeyAfterSuccess,
  useFailureToast,
  type FormFailure,
} from "~/lib/admin-client";
import { formatDateTime } from "~/lib/dates";
import { SITE } from "~/lib/site-config";
import { createNews, deleteNews, getNews, listNews, NEWS_PAGE_SIZE, newsInput, updateNews, type NewsItem } from "~/server/news.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/session.server";
import { failedWrite, formFields, invalidForm, succeeded, unknownIntent } from "~/server/staff-form.server";
import { redirectWithToast } from "~/server/toast.server";
import { validate } from "~/server/validation.server";

export const meta: MetaFunction = () => [{ title: `Neuigkeiten – ${SITE.name}` }, { name: "robots", content: "noindex" }];

const PAGE_PARAM = "seite";
/** "Weitere laden" grows the list by one page at a time; more than this is a search, not a list. */
const MAX_PAGES = 20;
const LIST_HEADING_ID = "neuigkeiten-liste";
const itemId = (id: string) => `neuigkeit-${id}`;
const GONE = "Diese Neuigkeit gibt es nicht (mehr).";

function pagesFrom(params: URLSearchParams): number {
  const value = Number.parseInt(params.get(PAGE_PARAM) ?? "", 10);
  return Number.isFinite(value) ? Math.min(MAX_PAGES, Math.max(1, value)) : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  const pages = pagesFrom(url.searchParams);
  const shown = pages * NEWS_PAGE_SIZE;
  // One item more than shown tells whether there is more, and where "Weitere laden" should land.
  const items = await listNews(context.db, { startAt: 0, limit: shown + 1 });

  const dialogItem = async (param: string) => {
    const id = url.searchParams.get(param);
    if (!id) return null;
    const item = items.find((candidate) => candidate.id === id) ?? (await getNews(context.db, id));
    if (!item) {
      throw await redirectWithToast(request, `${url.pathname}${searchWith(url.search, { [param]: null })}`, {
        type: "error",
        body: GONE,
      });
    }
    return item;
  };

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
      await createNews(context.db, input.value);
      return succeeded(request);
    }
    case "update": {
      const input = validate(newsInput, values);
      if (!input.ok) return invalidForm({ intent, id, values }, input);
      try {
        await updateNews(context.db, id ?? "", input.value);
      } catch (error) {
        return failedWrite(request, error);
      }
      return succeeded(request);
    }
    case "delete": {
      try {
        await deleteNews(context.db, id ?? "");
      } catch (error) {
        return failedWrite(request, error);
      }
      return succeeded(request);
    }
    default:
      return unknownIntent(intent, values);
  }
}

export default function NewsAdmin() {
  const { items, pages, nextItemId, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useFailureToast(actionData);
  useFocusItemFromHash();

  return (
    <div className="admin-page">
      <h1>Neuigkeiten</h1>
      <CreateNewsForm failure={failureFor(actionData, "create")} />

      <section className="admin-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          Liste der Aktuellen Neuigkeiten
        </h2>
        {items.length === 0 ? (
          <p className="admin-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="admin-list">
            {items.map((item) => (
              <li key={item.id} id={itemId(item.id)} tabIndex={-1} className="admin-list__item">
                <div>
                  <h3 className="admin-list__title">{item.title}</h3>
                  <p className="admin-list__meta">{item.shownDate}</p>
                </div>
                <AdminListActions id={item.id} title={item.title} />
                <p className="admin-list__text">{item.text}</p>
              </li>
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

      <EditNewsDialog item={editing} failure={editing ? failureFor(actionData, "update", editing.id) : undefined} />
      <ConfirmDeleteDialog
        open={Boolean(deleting)}
        id={deleting?.id ?? ""}
        itemTitle={deleting?.title}
        text="Bist du sicher, dass du diese Nachricht löschen möchtest?"
        fallbackFocusId={LIST_HEADING_ID}
      />
    </div>
  );
}

function CreateNewsForm({ failure }: { failure?: FormFailure }) {
  const formKey = useFormKeyAfterSuccess("create");
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
    <section aria-labelledby="neuigkeit-neu">
      <h2 id="neuigkeit-neu" className="admin-form__title">
        Neue Nachricht
      </h2>
      <Form key={formKey} ref={form} method="post" className="admin-form" preventScrollReset>
        <IntentFields intent="create" />
        <Field
          label="Titel"
          name="title"
          required
          maxLength={200}
          defaultValue={failure?.values.title}
          error={failure?.fieldErrors.title}
          autoFocus={formKey > 0}
        />
        <Field
          label="Text"
          name="text"
          multiline
          required
          maxLength={5000}
          defaultValue={failure?.values.text}
          error={failure?.fieldErrors.text}
        />
        <div className="admin-form__buttons">
          <SubmitButton intent="create" pendingLabel="Speichern…">
            Speichern
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function EditNewsDialog({ item, failure }: { item: NewsItem | null; failure?: FormFailure }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
    <AdminDialog open={Boolean(item)} title="Bearbeiten" returnFocusId={item ? editControlId(item.id) : undefined}>
      {(cancel) =>
        item ? (
          <Form key={item.id} ref={form} method="post" className="admin-dialog-form" preventScrollReset>
            <IntentFields intent="update" id={item.id} />
            <Field
              label="Titel"
              name="title"
              required
              maxLength={200}
              defaultValue={failure?.values.title ?? item.title}
              error={failure?.fieldErrors.title}
              autoFocus
            />
            <Field
              label="Text"
              name="text"
              multiline
              required
              maxLength={5000}
              defaultValue={failure?.values.text ?? item.text}
              error={failure?.fieldErrors.text}
            />
            <div className="admin-dialog__buttons">
              {cancel}
              <SubmitButton intent="update" id={item.id} pendingLabel="Bestätigen…">
                Bestätigen
              </SubmitButton>
            </div>
          </Form>
        ) : null
      }
    </AdminDialog>
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
