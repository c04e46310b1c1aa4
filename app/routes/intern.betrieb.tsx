import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BusinessCompleteness } from "~/components/staff/business-completeness";
import { Field } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFailureToast } from "~/components/staff/use-staff-form";
import {
  type BusinessRecord,
  businessFieldId,
  PROMISE_COUNT,
  PROMISE_TEXT_MAX_LENGTH,
  PROMISE_TITLE_MAX_LENGTH,
  promiseFieldName,
  TRUST_ITEM_MAX_LENGTH,
  TRUST_MAX_ITEMS,
  trustFieldName,
  WEBSITE_PASSWORD_FIELD,
} from "~/lib/business";
import { dialNumber } from "~/lib/phone";
import { BUSINESS_SECTIONS, type FieldSpec, fieldSpec } from "~/lib/business-fields";
import { staffPageMeta } from "~/lib/seo";
import { failureFor, fieldState, type FormFailure } from "~/lib/staff-forms";
import {
  businessGaps,
  checkBusinessForm,
  getBusiness,
  getPortraitForStaff,
  removePortrait,
  saveBusiness,
  savePortrait,
} from "~/server/entities/business.server";
import { MAX_PASSWORD_LENGTH } from "~/server/entities/staff-accounts.server";
import { filesOf } from "~/server/images/upload-form.server";
import { directWrite, formWithPictures, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { checkOrigin } from "~/server/web/known-devices.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";

export const meta: MetaFunction = () => staffPageMeta("Betrieb");

/** The portrait's file field; a refused picture comes back there. */
const PORTRAIT_FIELD = "portrait";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const [{ portrait: _public, ...record }, portrait, missing] = await Promise.all([
    getBusiness(context.db),
    getPortraitForStaff(context.db),
    businessGaps(context.db),
  ]);
  return {
    record,
    portrait,
    missing,
    // Read here so the page ships no parser: the number the site's `tel:` links dial.
    dialled: dialNumber(record.phone),
    passwordMaxLength: MAX_PASSWORD_LENGTH,
  };
}

/** The record (intent=save), a new portrait (multipart, intent=portrait) and taking the portrait off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const posted = await formWithPictures(request, { intent: "portrait", field: PORTRAIT_FIELD });
  if (!posted.ok) return posted.refused;
  const { form } = posted;
  const { db } = context;
  return staffAction({ request, context }, form, {
    // The password is never sent back into the form; a refusal of it (or its throttle) stands at its field.
    save: (posted) => {
      const { [WEBSITE_PASSWORD_FIELD]: password, ...values } = posted.values;
      return validatedWrite(
        checkBusinessForm,
        async (record) => saveBusiness(db, { user, password, origin: await checkOrigin(db, request, user.username) }, record),
        { refusedAt: WEBSITE_PASSWORD_FIELD },
      )({ ...posted, failure: { ...posted.failure, values } });
    },
    portrait: directWrite(async () => savePortrait(db, user, context.pictures, (await filesOf(form, PORTRAIT_FIELD))[0]), {
      refusedAt: PORTRAIT_FIELD,
    }),
    "portrait-remove": directWrite(() => removePortrait(db, user, context.pictures.bucket)),
  });
}

/** A number as the form shows it: empty for none. */
const asText = (value: BusinessRecord[keyof BusinessRecord]) => (value === null ? "" : String(value));

export default function StaffBusinessPage() {
  const { record, portrait, missing, dialled, passwordMaxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, "save");
  useFailureToast(actionData);
  const missingKeys = new Set(missing.map(({ key }) => key));

  const field = (spec: FieldSpec) => (
    <BusinessField
      key={spec.key}
      spec={spec}
      value={asText(record[spec.key])}
      failure={failure}
      missing={missingKeys.has(spec.key)}
      note={spec.key === "phone" && dialled ? `Gewählt wird: ${dialled}` : undefined}
    />
  );

  return (
    <div className="staff-page">
      <h1 id="betrieb-titel">Betrieb</h1>
      <p className="staff-intro">
        Name, Kontakt, Impressum und die Worte der Startseite. Was Sie hier speichern, steht beim nächsten Aufruf auf
        allen Seiten der Website.
      </p>
      <BusinessCompleteness missing={missing} />

      <StaffForm
        intent="save"
        submitLabel="Speichern"
        failure={failure}
        className="staff-form business-form"
        aria-labelledby="betrieb-titel"
        preventScrollReset
      >
        {BUSINESS_SECTIONS.map((section) => (
          <section key={section.id} className="business-form__section" aria-labelledby={`abschnitt-${section.id}`}>
            <h2 id={`abschnitt-${section.id}`}>{section.title}</h2>
            {section.id === "auftritt" ? (
              <>
                {(["heroTitle", "heroSlogan", "heroDetail"] as const).map((key) => field(fieldSpec(key)))}
                <PromiseFields promises={record.promises} failure={failure} />
                <TrustFields trust={record.trust} failure={failure} />
                {(["googleProfileUrl", "googleReviewUrl", "googleReviewsReadUrl", "instagramUrl", "facebookUrl"] as const).map((key) => field(fieldSpec(key)))}
              </>
            ) : (
              section.fields.flatMap((key) => [
                field(fieldSpec(key)),
                ...(key === "website" ? [<WebsitePassword key="website-password" maxLength={passwordMaxLength} error={failure?.fieldErrors[WEBSITE_PASSWORD_FIELD]} />] : []),
              ])
            )}
          </section>
        ))}
      </StaffForm>

      <PortraitSection portrait={portrait} failure={failureFor(actionData, "portrait")} owner={record.owner} />
    </div>
  );
}

/** One field of the record, as its spec says: label, limit, keyboard, and a mark while the Impressum still needs it. */
function BusinessField({
  spec,
  value,
  failure,
  missing,
  note,
}: {
  spec: FieldSpec;
  value: string;
  failure?: FormFailure;
  missing: boolean;
  note?: string;
}) {
  const marked = missing ? (value === "" ? "Fürs Impressum noch auszufüllen." : "Noch der Beispielwert – bitte durch Ihre Angabe ersetzen.") : undefined;
  const common = {
    id: businessFieldId(spec.key),
    label: spec.required ? `${spec.label} *` : spec.label,
    required: spec.required,
    maxLength: spec.maxLength,
    hint: spec.hint,
    note: [marked, note].filter(Boolean).join(" ") || undefined,
    ...fieldState(failure, spec.key, value),
  };
  if (spec.kind === "text") return <Field {...common} multiline rows={spec.maxLength > 400 ? 6 : 3} />;
  return <Field {...common} inputMode={spec.inputMode} autoComplete={spec.autoComplete ?? "off"} type={spec.kind === "email" ? "email" : "text"} />;
}

/**
 * The password a new website address asks for again: every customer link (status page, e-mails)
 * is built from it. Never filled in from a failed post; the browser's password manager may.
 */
function WebsitePassword({ maxLength, error }: { maxLength: number; error?: string }) {
  return (
    <Field
      id={businessFieldId(WEBSITE_PASSWORD_FIELD)}
      name={WEBSITE_PASSWORD_FIELD}
      label="Ihr Passwort – nur wenn Sie die Adresse der Website ändern"
      hint="Jeder Link an Kunden beginnt mit dieser Adresse. Eine Änderung bestätigen Sie mit Ihrem Passwort; Ihre Kolleginnen und Kollegen sehen sie auf ihrer Startseite."
      type="password"
      autoComplete="current-password"
      maxLength={maxLength}
      error={error}
    />
  );
}

/** SPEC §2's four promises under the hero: title and one line each. */
function PromiseFields({ promises, failure }: { promises: BusinessRecord["promises"]; failure?: FormFailure }) {
  return (
    <fieldset>
      <legend>Die vier Versprechen unter dem Titelbild</legend>
      {Array.from({ length: PROMISE_COUNT }, (_, index) => (
        <div key={index} className="staff-form__row staff-form__row--two">
          <Field
            id={businessFieldId(promiseFieldName(index, "title"))}
            label={`Versprechen ${index + 1}: Titel *`}
            required
            maxLength={PROMISE_TITLE_MAX_LENGTH}
            {...fieldState(failure, promiseFieldName(index, "title"), promises[index]?.title ?? "")}
          />
          <Field
            id={businessFieldId(promiseFieldName(index, "text"))}
            label={`Versprechen ${index + 1}: Text *`}
            required
            maxLength={PROMISE_TEXT_MAX_LENGTH}
            {...fieldState(failure, promiseFieldName(index, "text"), promises[index]?.text ?? "")}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** Up to five short trust marks; empty fields are left out. */
function TrustFields({ trust, failure }: { trust: string[]; failure?: FormFailure }) {
  return (
    <fieldset>
      <legend>Vertrauensstreifen</legend>
      <p className="staff-field__hint">
        Bis zu {TRUST_MAX_ITEMS} kurze Punkte unter dem Titelbild, z. B. „Meisterbetrieb der Handwerkskammer zu Köln“. Leere
        Felder bleiben weg.
      </p>
      {Array.from({ length: TRUST_MAX_ITEMS }, (_, index) => (
        <Field
          key={index}
          id={businessFieldId(trustFieldName(index))}
          label={`Punkt ${index + 1}`}
          maxLength={TRUST_ITEM_MAX_LENGTH}
          {...fieldState(failure, trustFieldName(index), trust[index] ?? "")}
        />
      ))}
    </fieldset>
  );
}

/** The master's portrait: its own multipart form (a file cannot ride in the record's form without making every save an upload). */
function PortraitSection({
  portrait,
  failure,
  owner,
}: {
  portrait: { url: string; preparing: boolean } | null;
  failure?: FormFailure;
  owner: string;
}) {
  return (
    <section className="staff-section" aria-labelledby="portraet-titel">
      <h2 id="portraet-titel">Porträt des Meisters</h2>
      <p className="staff-intro">Steht auf „Über uns“ und auf der Startseite. Ort und Kameradaten werden entfernt.</p>
      {portrait ? (
        <p>
          <img className="business-portrait" src={portrait.url} alt={`Porträt: ${owner}`} width={160} />
          {portrait.preparing ? <span>Wird für die Website vorbereitet …</span> : null}
        </p>
      ) : null}
      <StaffForm intent="portrait" submitLabel="Porträt hochladen" pendingLabel="Wird hochgeladen…" failure={failure} encType="multipart/form-data">
        <Field
          id={businessFieldId(PORTRAIT_FIELD)}
          label={portrait ? "Neues Foto" : "Foto"}
          name={PORTRAIT_FIELD}
          type="file"
          accept="image/*"
          required
          error={failure?.fieldErrors[PORTRAIT_FIELD]}
        />
      </StaffForm>
      {portrait ? (
        <Form method="post" className="staff-more">
          <IntentFields intent="portrait-remove" />
          <SubmitButton intent="portrait-remove" variant="secondary">
            Porträt entfernen
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
