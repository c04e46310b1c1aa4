import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/admin/admin-dialog";
import { AdminListItem } from "~/components/admin/admin-list-item";
import { CreateForm } from "~/components/admin/create-form";
import { Field } from "~/components/admin/field";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import { DELETE_PARAM, EDIT_PARAM, failureFor, type FormFailure } from "~/lib/staff-forms";
import { useFailureToast, useFocusFirstError } from "~/components/admin/use-staff-form";
import { formatDay } from "~/lib/dates";
import { describeReading, readDayText, WEEKDAYS } from "~/lib/opening-hours";
import { staffPageMeta } from "~/lib/seo";
import {
  createSpecialHours,
  deleteSpecialHours,
  getOpeningHours,
  getSpecialHours,
  listSpecialHours,
  openingHoursInput,
  saveOpeningHours,
  SPECIAL_HOURS_NOT_FOUND,
  specialHoursInput,
  updateSpecialHours,
} from "~/server/opening-hours.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/session.server";
import { dialogRecord, formFields, invalidForm, unknownIntent, writeThenRedirect } from "~/server/staff-form.server";
import { validate } from "~/server/validation.server";
import { OPENING_HOURS_MAX_LENGTH, SPECIAL_HOURS_TITLE_MAX_LENGTH } from "~/lib/limits";

export const meta: MetaFunction = () => staffPageMeta("Öffnungszeiten");

const LIST_HEADING_ID = "sonderzeiten-liste";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const [hours, special] = await Promise.all([getOpeningHours(context.db), listSpecialHours(context.db)]);
  const dialogItem = (param: string) =>
    dialogRecord(request, param, { loaded: special, load: (id) => getSpecialHours(context.db, id), gone: SPECIAL_HOURS_NOT_FOUND });
  return {
    hours,
    // Read here so the page ships no parser: what the open-now line makes of each saved day.
    understood: Object.fromEntries(WEEKDAYS.map(({ key }) => [key, describeReading(readDayText(hours[key]))])),
    special: special.map((entry) => ({ ...entry, span: spanText(entry) })),
    editing: await dialogItem(EDIT_PARAM),
    deleting: await dialogItem(DELETE_PARAM),
  };
}

const spanText = ({ fromDate, toDate }: { fromDate: string; toDate: string }) =>
  fromDate === toDate ? formatDay(fromDate) : `${formatDay(fromDate)} – ${formatDay(toDate)}`;

/** The week (intent=save) and the Sonderzeiten list (create, update, delete). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaffForAction(request, context);
  const values = formFields(await request.formData());
  const { intent = "", id } = values;

  switch (intent) {
    case "save": {
      const input = validate(openingHoursInput, values);
      if (!input.ok) return invalidForm({ intent, values }, input);
      return writeThenRedirect(request, () => saveOpeningHours(context.db, input.value));
    }
    case "create": {
      const input = validate(specialHoursInput, values);
      if (!input.ok) return invalidForm({ intent, values }, input);
      return writeThenRedirect(request, () => createSpecialHours(context.db, input.value));
    }
    case "update": {
      const input = validate(specialHoursInput, values);
      if (!input.ok) return invalidForm({ intent, id, values }, input);
      return writeThenRedirect(request, () => updateSpecialHours(context.db, id ?? "", input.value));
    }
    case "delete":
      return writeThenRedirect(request, () => deleteSpecialHours(context.db, id ?? ""));
    default:
      return unknownIntent(intent, values);
  }
}

export default function OpeningHoursAdmin() {
  const { hours, understood, special, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, "save");
  const form = useRef<HTMLFormElement>(null);
  useFailureToast(actionData);
  useFocusFirstError(form, failure);

  return (
    <div className="admin-page">
      <h1 id="oeffnungszeiten-titel">Öffnungszeiten</h1>
      <Form ref={form} method="post" className="admin-form" aria-labelledby="oeffnungszeiten-titel" preventScrollReset>
        <IntentFields intent="save" />
        {WEEKDAYS.map(({ key, label }) => (
          <Field
            key={key}
            label={label}
            name={key}
            required
            maxLength={OPENING_HOURS_MAX_LENGTH}
            defaultValue={failure?.values[key] ?? hours[key]}
            error={failure?.fieldErrors[key]}
            note={understood[key]}
          />
        ))}
        <div className="admin-form__buttons">
          <SubmitButton intent="save" pendingLabel="Speichern…">
            Speichern
          </SubmitButton>
        </div>
      </Form>

      <CreateForm headingId="sonderzeiten" heading="Sonderzeiten" submitLabel="Hinzufügen">
        {({ failure, autoFocus }) => <SpecialHoursFields failure={failure} autoFocus={autoFocus} />}
      </CreateForm>

      <section className="admin-section" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} tabIndex={-1}>
          Aktuelle und kommende Sonderzeiten
        </h2>
        {special.length === 0 ? (
          <p className="admin-list__empty">Keine Daten vorhanden</p>
        ) : (
          <ul className="admin-list">
            {special.map((entry) => (
              <AdminListItem key={entry.id} id={entry.id} title={entry.title} meta={entry.span} text={entry.hours} />
            ))}
          </ul>
        )}
      </section>

      <EditDialog item={editing}>
        {({ item, failure }) => <SpecialHoursFields values={item} failure={failure} autoFocus />}
      </EditDialog>
      <ConfirmDeleteDialog
        item={deleting}
        text="Bist du sicher, dass du diese Sonderzeit löschen möchtest?"
        fallbackFocusId={LIST_HEADING_ID}
      />
    </div>
  );
}

/** Anlass, Von, Bis and Zeiten, shared by the create form and the edit dialog; a failed submission's values win. */
function SpecialHoursFields({
  values,
  failure,
  autoFocus,
}: {
  values?: { title: string; hours: string; fromDate: string; toDate: string };
  failure?: FormFailure;
  autoFocus?: boolean;
}) {
  const value = (name: "title" | "hours" | "fromDate" | "toDate") => failure?.values[name] ?? values?.[name];
  return (
    <>
      <Field
        label="Anlass"
        name="title"
        required
        maxLength={SPECIAL_HOURS_TITLE_MAX_LENGTH}
        hint="z. B. Betriebsferien, Inventur"
        defaultValue={value("title")}
        error={failure?.fieldErrors.title}
        autoFocus={autoFocus}
      />
      <div className="admin-form__row admin-form__row--two">
        <Field label="Von" name="fromDate" type="date" required defaultValue={value("fromDate")} error={failure?.fieldErrors.fromDate} />
        <Field label="Bis" name="toDate" type="date" required defaultValue={value("toDate")} error={failure?.fieldErrors.toDate} />
      </div>
      <Field
        label="Zeiten"
        name="hours"
        required
        maxLength={OPENING_HOURS_MAX_LENGTH}
        hint="wie bei den Wochentagen, z. B. „Geschlossen“ oder „10:00 - 14:00Uhr“"
        defaultValue={value("hours")}
        error={failure?.fieldErrors.hours}
      />
    </>
  );
}
