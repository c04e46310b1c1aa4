import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/staff/staff-dialog";
import { StaffList, StaffListItem } from "~/components/staff/staff-list-item";
import { CreateForm } from "~/components/staff/create-form";
import { DateTimeField, describeWallClock } from "~/components/staff/date-time-field";
import { Field } from "~/components/staff/field";
import { StatusBadge } from "~/components/staff/status-badge";
import { fieldState, type FormFailure } from "~/lib/staff-forms";
import { useFailureToast } from "~/components/staff/use-staff-form";
import { formatDateTime, toLocalInputValue } from "~/lib/dates";
import { staffPageMeta } from "~/lib/seo";
import { useHydrated } from "~/components/use-hydrated";
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
} from "~/server/entities/alerts.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import { directWrite, type FormValues, listDialogs, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { validate } from "~/server/base/validation.server";
import { TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from "~/lib/limits";

export const meta: MetaFunction = () => staffPageMeta("Wichtige Informationen");

// The calendar's styles are needed only here.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: PAGE_STYLES.dayPicker.href }];

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

  const { editing, deleting } = await listDialogs({ request, context }, {
    loaded: alerts,
    load: (id) => getAlert(context.db, id),
    gone: ALERT_NOT_FOUND,
  });

  return {
    alerts: alerts.map((alert) => forPage(alert, now)),
    // A new notice usually starts now; the minute is enough.
    defaultStart: toLocalInputValue(now),
    editing: editing && forPage(editing, now),
    deleting: deleting && forPage(deleting, now),
  };
}

/** The form posts Berlin wall-clock times ("yyyy-MM-ddTHH:mm"), which the alert rules read as such. */
function alertFromForm(values: FormValues) {
  const date = (raw: string | undefined) => raw?.trim() || undefined;
  return validate(alertInput, {
    title: values.title,
    text: values.text,
    fromDate: date(values.fromDate),
    toDate: date(values.toDate),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    create: validatedWrite(alertFromForm, (input) => createAlert(context.db, user, input)),
    update: validatedWrite(alertFromForm, (input, { id }) => updateAlert(context.db, user, id, input)),
    delete: directWrite(({ id }) => deleteAlert(context.db, user, id), { toast: MOVED_TO_TRASH }),
  });
}

export default function StaffAlertsPage() {
  const { alerts, defaultStart, editing, deleting } = useLoaderData<typeof loader>();
  useFailureToast(useActionData<typeof action>());

  return (
    <div className="staff-page">
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

      <StaffList headingId={LIST_HEADING_ID} heading="Liste der Aktuell Wichtigen Informationen" items={alerts}>
        {(alert) => (
          <StaffListItem
            key={alert.id}
            id={alert.id}
            title={alert.title}
            badge={<StatusBadge status={alert.status} />}
            meta={`${alert.from} bis ${alert.to}`}
            text={alert.text}
          />
        )}
      </StaffList>

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

/** Start and end of the period; a day picked without a time starts now or ends in the evening. */
const PERIOD_ENDS = [
  { name: "fromDate", label: "Start Datum", end: "from", dayTime: "now" },
  { name: "toDate", label: "End Datum", end: "to", dayTime: "end-of-day" },
] as const;

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
  const field = (name: keyof typeof values) => fieldState(failure, name, values[name]);
  const [period, setPeriod] = useState({ from: field("fromDate").defaultValue, to: field("toDate").defaultValue });
  return (
    <>
      <Field label="Titel" required maxLength={TITLE_MAX_LENGTH} {...field("title")} autoFocus={autoFocus} />
      <Field label="Inhalt" multiline required maxLength={TEXT_MAX_LENGTH} {...field("text")} />
      <div className="staff-form__row staff-form__row--two">
        {PERIOD_ENDS.map(({ name, label, end, dayTime }) => (
          <DateTimeField
            key={name}
            label={label}
            {...field(name)}
            dayTime={dayTime}
            onChange={(value) => setPeriod((current) => ({ ...current, [end]: value }))}
          />
        ))}
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
    <p className="staff-datetime__summary" aria-live="polite">
      Sichtbar vom {describeWallClock(from) ?? "…"} bis {describeWallClock(to) ?? "…"}
    </p>
  );
}
