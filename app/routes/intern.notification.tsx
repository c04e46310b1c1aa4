import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import dayPickerStyles from "react-day-picker/style.css?url";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { AdminListActions } from "~/components/admin/admin-list-actions";
import { DateTimeField } from "~/components/admin/date-time-field";
import { Field } from "~/components/admin/field";
import { StatusBadge } from "~/components/admin/status-badge";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import {
  DELETE_PARAM,
  EDIT_PARAM,
  editControlId,
  failureFor,
  searchWith,
  useFailureToast,
  useFocusFirstError,
  useFormKeyAfterSuccess,
  type FormFailure,
} from "~/lib/admin-client";
import { formatDateTime, fromLocalInputValue, toLocalInputValue } from "~/lib/dates";
import { SITE } from "~/lib/site-config";
import {
  alertInput,
  alertStatus,
  createAlert,
  deleteAlert,
  getAlert,
  listAllAlerts,
  updateAlert,
  type Alert,
} from "~/server/alerts.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/session.server";
import { failedWrite, formFields, invalidForm, succeeded, unknownIntent } from "~/server/staff-form.server";
import { redirectWithToast } from "~/server/toast.server";
import { validate } from "~/server/validation.server";

export const meta: MetaFunction = () => [
  { title: `Wichtige Informationen – ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

// The calendar's styles are needed only here.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dayPickerStyles }];

const LIST_HEADING_ID = "informationen-liste";
const GONE = "Diese Information gibt es nicht (mehr).";

/** An alert as the page shows and edits it: instants as Berlin text, the status decided on the server. */
function forPage(alert: Alert, now: Date) {
  return {
    id: alert.id,
    title: alert.title,
    text: alert.text,
    from: formatDateTime(alert.fromDate),
    to: formatDateTime(alert.toDate),
    fromInput: toLocalInputValue(alert.fromDate),
    toInput: toLocalInputValue(alert.toDate),
    status: alertStatus(alert, now),
  };
}
type PageAlert = ReturnType<typeof forPage>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const url = new URL(request.url);
  const now = new Date();
  const alerts = await listAllAlerts(context.db);

  const dialogAlert = async (param: string) => {
    const id = url.searchParams.get(param);
    if (!id) return null;
    const alert = alerts.find((candidate) => candidate.id === id) ?? (await getAlert(context.db, id));
    if (!alert) {
      throw await redirectWithToast(request, `${url.pathname}${searchWith(url.search, { [param]: null })}`, {
        type: "error",
        body: GONE,
      });
    }
    return forPage(alert, now);
  };

  return {
    alerts: alerts.map((alert) => forPage(alert, now)),
    // A new notice usually starts now; the minute is enough.
    defaultStart: toLocalInputValue(now),
    editing: await dialogAlert(EDIT_PARAM),
    deleting: await dialogAlert(DELETE_PARAM),
  };
}

/**
 * The form posts Berlin wall-clock times ("yyyy-MM-ddTHH:mm"); they become instants
 * here, whatever zone browser or server run in. Unreadable text stays a string so
 * the alert rules answer with their German message.
 */
function instantFrom(raw: string | undefined): Date | string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  return fromLocalInputValue(value) ?? "ungültig";
}

function alertFromForm(values: Record<string, string>) {
  return validate(alertInput, {
    title: values.title,
    text: values.text,
    fromDate: instantFrom(values.fromDate),
    toDate: instantFrom(values.toDate),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaffForAction(request, context);
  const values = formFields(await request.formData());
  const { intent = "", id } = values;

  switch (intent) {
    case "create": {
      const input = alertFromForm(values);
      if (!input.ok) return invalidForm({ intent, values }, input);
      await createAlert(context.db, input.value);
      return succeeded(request);
    }
    case "update": {
      const input = alertFromForm(values);
      if (!input.ok) return invalidForm({ intent, id, values }, input);
      try {
        await updateAlert(context.db, id ?? "", input.value);
      } catch (error) {
        return failedWrite(request, error);
      }
      return succeeded(request);
    }
    case "delete": {
      try {
        await deleteAlert(context.db, id ?? "");
      } catch (error) {
        return failedWrite(request, error);
      }
      return succeeded(request);
    }
    default:
      return unknownIntent(intent, values);
  }
}

export default function NotificationAdmin() {
  const { alerts, defaultStart, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useFailureToast(actionData);

  return (
    <div className="admin-page">
      <h1>Wichtige Informationen</h1>
      <CreateAlertForm defaultStart={defaultStart} failure={failureFor(actionData, "create")} />

      <section className="admin-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          Liste der Aktuell Wichtigen Informationen
        </h2>
        {alerts.length === 0 ? (
          <p className="admin-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="admin-list">
            {alerts.map((alert) => (
              <li key={alert.id} className="admin-list__item">
                <div>
                  <h3 className="admin-list__title">
                    {alert.title} <StatusBadge status={alert.status} />
                  </h3>
                  <p className="admin-list__meta">
                    {alert.from} bis {alert.to}
                  </p>
                </div>
                <AdminListActions id={alert.id} title={alert.title} />
                <p className="admin-list__text">{alert.text}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <EditAlertDialog alert={editing} failure={editing ? failureFor(actionData, "update", editing.id) : undefined} />
      <ConfirmDeleteDialog
        open={Boolean(deleting)}
        id={deleting?.id ?? ""}
        itemTitle={deleting?.title}
        text="Bist du sicher, dass du diesen Alert löschen möchtest?"
        fallbackFocusId={LIST_HEADING_ID}
      />
    </div>
  );
}

/** The four fields of an alert, shared by the create form and the edit dialog. */
function AlertFields({
  values,
  failure,
  autoFocus,
}: {
  values: { title: string; text: string; fromDate: string; toDate: string };
  failure?: FormFailure;
  autoFocus?: boolean;
}) {
  const shown = failure?.values ?? values;
  const errors = failure?.fieldErrors ?? {};
  return (
    <>
      <Field label="Titel" name="title" required maxLength={200} defaultValue={shown.title} error={errors.title} autoFocus={autoFocus} />
      <Field label="Inhalt" name="text" multiline required maxLength={5000} defaultValue={shown.text} error={errors.text} />
      <div className="admin-form__row admin-form__row--two">
        <DateTimeField name="fromDate" label="Start Datum" defaultValue={shown.fromDate} error={errors.fromDate} />
        <DateTimeField name="toDate" label="End Datum" defaultValue={shown.toDate} error={errors.toDate} />
      </div>
    </>
  );
}

function CreateAlertForm({ defaultStart, failure }: { defaultStart: string; failure?: FormFailure }) {
  const formKey = useFormKeyAfterSuccess("create");
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
    <section aria-labelledby="information-neu">
      <h2 id="information-neu" className="admin-form__title">
        Neue Information
      </h2>
      <Form key={formKey} ref={form} method="post" className="admin-form" preventScrollReset>
        <IntentFields intent="create" />
        <AlertFields
          values={{ title: "", text: "", fromDate: defaultStart, toDate: "" }}
          failure={failure}
          autoFocus={formKey > 0}
        />
        <div className="admin-form__buttons">
          <SubmitButton intent="create" pendingLabel="Posten…">
            Posten
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function EditAlertDialog({ alert, failure }: { alert: PageAlert | null; failure?: FormFailure }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
    <AdminDialog open={Boolean(alert)} title="Bearbeiten" returnFocusId={alert ? editControlId(alert.id) : undefined}>
      {(cancel) =>
        alert ? (
          <Form key={alert.id} ref={form} method="post" className="admin-dialog-form" preventScrollReset>
            <IntentFields intent="update" id={alert.id} />
            <AlertFields
              values={{ title: alert.title, text: alert.text, fromDate: alert.fromInput, toDate: alert.toInput }}
              failure={failure}
              autoFocus
            />
            <div className="admin-dialog__buttons">
              {cancel}
              <SubmitButton intent="update" id={alert.id} pendingLabel="Bestätigen…">
                Bestätigen
              </SubmitButton>
            </div>
          </Form>
        ) : null
      }
    </AdminDialog>
  );
}
