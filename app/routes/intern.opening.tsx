import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { Field } from "~/components/admin/field";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import { failureFor } from "~/lib/staff-forms";
import { useFailureToast, useFocusFirstError } from "~/components/admin/use-staff-form";
import { WEEKDAYS } from "~/lib/opening-hours";
import { staffPageMeta } from "~/lib/seo";
import { getOpeningHours, openingHoursInput, saveOpeningHours } from "~/server/opening-hours.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/session.server";
import { formFields, invalidForm, succeeded, unknownIntent } from "~/server/staff-form.server";
import { validate } from "~/server/validation.server";
import { OPENING_HOURS_MAX_LENGTH } from "~/lib/limits";

export const meta: MetaFunction = () => staffPageMeta("Öffnungszeiten");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  return { hours: await getOpeningHours(context.db) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaffForAction(request, context);
  const values = formFields(await request.formData());
  const { intent = "" } = values;
  if (intent !== "save") return unknownIntent(intent, values);

  const input = validate(openingHoursInput, values);
  if (!input.ok) return invalidForm({ intent, values }, input);
  await saveOpeningHours(context.db, input.value);
  return succeeded(request);
}

export default function OpeningHoursAdmin() {
  const { hours } = useLoaderData<typeof loader>();
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
          />
        ))}
        <div className="admin-form__buttons">
          <SubmitButton intent="save" pendingLabel="Speichern…">
            Speichern
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
