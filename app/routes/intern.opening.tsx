import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/staff/staff-dialog";
import { StaffList, StaffListItem } from "~/components/staff/staff-list-item";
import { CreateForm } from "~/components/staff/create-form";
import { Field } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { failureFor, fieldState, type FormFailure } from "~/lib/staff-forms";
import { useFailureToast } from "~/components/staff/use-staff-form";
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
} from "~/server/entities/opening-hours.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";
import { directWrite, listDialogs, MOVED_TO_TRASH, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { OPENING_HOURS_MAX_LENGTH, SPECIAL_HOURS_TITLE_MAX_LENGTH } from "~/lib/limits";

export const meta: MetaFunction = () => staffPageMeta("Öffnungszeiten");

const LIST_HEADING_ID = "sonderzeiten-liste";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const [hours, special] = await Promise.all([getOpeningHours(context.db), listSpecialHours(context.db)]);
  return {
    hours,
    // Read here so the page ships no parser: what the open-now line makes of each saved day.
    understood: Object.fromEntries(WEEKDAYS.map(({ key }) => [key, describeReading(readDayText(hours[key]))])),
    special: special.map((entry) => ({ ...entry, span: spanText(entry) })),
    ...(await listDialogs({ request, context }, {
      loaded: special,
      load: (id) => getSpecialHours(context.db, id),
      gone: SPECIAL_HOURS_NOT_FOUND,
    })),
  };
}

const spanText = ({ fromDate, toDate }: { fromDate: string; toDate: string }) =>
  fromDate === toDate ? formatDay(fromDate) : `${formatDay(fromDate)} – ${formatDay(toDate)}`;

/** The week (intent=save) and the Sonderzeiten list (create, update, delete). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    save: validatedWrite(openingHoursInput, (input) => saveOpeningHours(context.db, user, input)),
    create: validatedWrite(specialHoursInput, (input) => createSpecialHours(context.db, user, input)),
    update: validatedWrite(specialHoursInput, (input, { id }) => updateSpecialHours(context.db, user, id, input)),
    delete: directWrite(({ id }) => deleteSpecialHours(context.db, user, id), { toast: MOVED_TO_TRASH }),
  });
}

export default function StaffOpeningPage() {
  const { hours, understood, special, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, "save");
  useFailureToast(actionData);

  return (
    <div className="staff-page">
      <h1 id="oeffnungszeiten-titel">Öffnungszeiten</h1>
      <StaffForm intent="save" submitLabel="Speichern" failure={failure} aria-labelledby="oeffnungszeiten-titel" preventScrollReset className="staff-form opening-week">
        {WEEKDAYS.map(({ key, label }) => (
          <Field
            key={key}
            label={label}
            required
            maxLength={OPENING_HOURS_MAX_LENGTH}
            {...fieldState(failure, key, hours[key])}
            note={understood[key]}
          />
        ))}
      </StaffForm>

      <CreateForm headingId="sonderzeiten" heading="Sonderzeiten" submitLabel="Hinzufügen">
        {({ failure, autoFocus }) => <SpecialHoursFields failure={failure} autoFocus={autoFocus} />}
      </CreateForm>

      <StaffList headingId={LIST_HEADING_ID} heading="Aktuelle und kommende Sonderzeiten" items={special}>
        {(entry) => <StaffListItem key={entry.id} id={entry.id} title={entry.title} meta={entry.span} text={entry.hours} />}
      </StaffList>

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

/** Anlass, Von, Bis and Zeiten, shared by the create form and the edit dialog. */
function SpecialHoursFields({
  values,
  failure,
  autoFocus,
}: {
  values?: { title: string; hours: string; fromDate: string; toDate: string };
  failure?: FormFailure;
  autoFocus?: boolean;
}) {
  const field = (name: "title" | "hours" | "fromDate" | "toDate") => fieldState(failure, name, values?.[name]);
  return (
    <>
      <Field
        label="Anlass"
        required
        maxLength={SPECIAL_HOURS_TITLE_MAX_LENGTH}
        hint="z. B. Betriebsferien, Inventur"
        {...field("title")}
        autoFocus={autoFocus}
      />
      <div className="staff-form__row staff-form__row--two">
        <Field label="Von" type="date" required {...field("fromDate")} />
        <Field label="Bis" type="date" required {...field("toDate")} />
      </div>
      <Field
        label="Zeiten"
        required
        maxLength={OPENING_HOURS_MAX_LENGTH}
        hint="wie bei den Wochentagen, z. B. „Geschlossen“ oder „10:00 - 14:00Uhr“"
        {...field("hours")}
      />
    </>
  );
}
