import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import dayPickerStyles from "react-day-picker/style.css?url";
import { ConfirmDeleteDialog, EditDialog } from "~/components/admin/admin-dialog";
import { AdminListItem } from "~/components/admin/admin-list-item";
import { CreateForm } from "~/components/admin/create-form";
import { DateTimeField, describeWallClock } from "~/components/admin/date-time-field";
import { Field } from "~/components/admin/field";
import { StatusBadge } from "~/components/admin/status-badge";
import { DELETE_PARAM, EDIT_PARAM, type FormFailure } from "~/lib/staff-forms";
import { useFailureToast } from "~/components/admin/use-staff-form";
import { formatDateTime, toLocalInputValue } from "~/lib/dates";
import { staffPageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import {
  ALERT_NOT_FOUND,
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
import { dialogRecord, formFields, invalidForm, unknownIntent, writeThenRedirect } from "~/server/staff-form.server";
import { validate } from "~/server/validation.server";
import { TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from "~/lib/limits";

export const meta: MetaFunction = () => staffPageMeta("Wichtige Informationen");

// The calendar's styles are needed only here.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dayPickerStyles }];

const LIST_HEADING_ID = "informationen-liste";

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

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const now = new Date();
  const alerts = await listAllAlerts(context.db);

  const dialogAlert = async (param: string) => {
    const alert = await dialogRecord(request, param, {
      loaded: alerts,
      load: (id) => getAlert(context.db, id),
      gone: ALERT_NOT_FOUND,
    });
    return alert && forPage(alert, now);
  };

  return {
    alerts: alerts.map((alert) => forPage(alert, now)),
    // A new notice usually starts now; the minute is enough.
    defaultStart: toLocalInputValue(now),
    editing: await dialogAlert(EDIT_PARAM),
    deleting: await dialogAlert(DELETE_PARAM),
  };
}

/** The form posts Berlin wall-clock times ("yyyy-MM-ddTHH:mm"), which the alert rules read as such. */
function alertFromForm(values: Record<string, string>) {
  const date = (raw: string | undefined) => raw?.trim() || undefined;
  return validate(alertInput, {
    title: values.title,
    text: values.text,
    fromDate: date(values.fromDate),
    toDate: date(values.toDate),
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
      return writeThenRedirect(request, () => createAlert(context.db, input.value));
    }
    case "update": {
      const input = alertFromForm(values);
      if (!input.ok) return invalidForm({ intent, id, values }, input);
      return writeThenRedirect(request, () => updateAlert(context.db, id ?? "", input.value));
    }
    case "delete":
      return writeThenRedirect(request, () => deleteAlert(context.db, id ?? ""));
    default:
      return unknownIntent(intent, values);
  }
}

export default function NotificationAdmin() {
  const { alerts, defaultStart, editing, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());

  return (
    <div className="admin-page">
      <h1>Wichtige Informationen</h1>
      <CreateForm headingId="information-neu" heading="Neue Information" submitLabel="Posten">
        {({ failure, autoFocus }) => (
          <AlertFields
            values={{ title: "", text: "", fromDate: defaultStart, toDate: "" }}
            failure={failure}
            autoFocus={autoFocus}
          />
        )}
      </CreateForm>

      <section className="admin-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          Liste der Aktuell Wichtigen Informationen
        </h2>
        {alerts.length === 0 ? (
          <p className="admin-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="admin-list">
            {alerts.map((alert) => (
              <AdminListItem
                key={alert.id}
                id={alert.id}
                title={alert.title}
                badge={<StatusBadge status={alert.status} />}
                meta={`${alert.from} bis ${alert.to}`}
                text={alert.text}
              />
            ))}
          </ul>
        )}
      </section>

      <EditDialog item={editing}>
        {({ item, failure }) => (
          <AlertFields
            values={{ title: item.title, text: item.text, fromDate: item.fromInput, toDate: item.toInput }}
            failure={failure}
            autoFocus
          />
        )}
      </EditDialog>
      <ConfirmDeleteDialog
        item={deleting}
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
  const [period, setPeriod] = useState({ from: shown.fromDate, to: shown.toDate });
  return (
    <>
      <Field label="Titel" name="title" required maxLength={TITLE_MAX_LENGTH} defaultValue={shown.title} error={errors.title} autoFocus={autoFocus} />
      <Field label="Inhalt" name="text" multiline required maxLength={TEXT_MAX_LENGTH} defaultValue={shown.text} error={errors.text} />
      <div className="admin-form__row admin-form__row--two">
        <DateTimeField
          name="fromDate"
          label="Start Datum"
          defaultValue={shown.fromDate}
          error={errors.fromDate}
          dayTime="now"
          onChange={(from) => setPeriod((current) => ({ ...current, from }))}
        />
        <DateTimeField
          name="toDate"
          label="End Datum"
          defaultValue={shown.toDate}
          error={errors.toDate}
          dayTime="end-of-day"
          onChange={(to) => setPeriod((current) => ({ ...current, to }))}
        />
      </div>
      <VisibilitySummary from={period.from} to={period.to} />
    </>
  );
}

/**
 * "Sichtbar vom 24.12.2026 - 08:00 bis 02.01.2027 - 18:00": the whole period in one
 * line above the button. Only with JavaScript, where it follows every change; the plain
 * fields show their values themselves.
 */
function VisibilitySummary({ from, to }: { from: string; to: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <p className="admin-datetime__summary" aria-live="polite">
      Sichtbar vom {describeWallClock(from) ?? "…"} bis {describeWallClock(to) ?? "…"}
    </p>
  );
}
