import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { BusinessCompleteness } from "~/components/staff/business-completeness";
import { BusinessPreview, PREVIEW_ID, previewBusiness } from "~/components/staff/business-preview";
import { Field, FieldError } from "~/components/staff/field";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFailureToast, useFocusFirstError, useFormKeyAfterSuccess } from "~/components/staff/use-staff-form";
import { type ChosenPhoto, PhotoPicker } from "~/components/upload/photo-picker";
import { useHydrated } from "~/components/use-hydrated";
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
import { BUSINESS_SECTIONS, type BusinessSectionId, type FieldSpec, fieldSpec, isBusinessSection } from "~/lib/business-fields";
import { staffPageMeta } from "~/lib/seo";
import { failureFor, fieldState, type FormFailure } from "~/lib/staff-forms";
import {
  businessGaps,
  checkBusinessSection,
  getBusiness,
  getPortraitForStaff,
  removePortrait,
  saveBusinessSection,
  savePortrait,
} from "~/server/entities/business.server";
import { MAX_PASSWORD_LENGTH } from "~/server/entities/staff-accounts.server";
import { filesOf } from "~/server/images/upload-form.server";
import { directWrite, formFields, formWithPictures, invalidForm, staffAction, validatedWrite } from "~/server/web/staff-form.server";
import { checkOrigin } from "~/server/web/known-devices.server";
import { requireStaffForAction, requireStaffForPage } from "~/server/web/staff-session.server";

export const meta: MetaFunction = () => staffPageMeta("Betrieb");

/** The preview draws the home page's header, hero and trust strip with their own styles. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: PAGE_STYLES.home.href }];

/** The portrait's file field; a refused picture comes back there. */
const PORTRAIT_FIELD = "portrait";
/** What each section's form posts as its intent; the section is its `id`. */
const SAVE_INTENT = "save";
/** The submit button that asks for the preview without JavaScript (with it, the preview follows the typing). */
const PREVIEW_BUTTON = "vorschau";
/** The sections whose fields the preview shows. */
const PREVIEWED: readonly BusinessSectionId[] = ["betrieb", "kontakt", "auftritt"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const [business, portrait, missing] = await Promise.all([getBusiness(context.db), getPortraitForStaff(context.db), businessGaps(context.db)]);
  return {
    business,
    portrait,
    missing,
    // Read here so the page ships no parser: the number the site's `tel:` links dial.
    dialled: dialNumber(business.phone),
    passwordMaxLength: MAX_PASSWORD_LENGTH,
  };
}

/** What "Vorschau" answers without JavaScript: the section's values as posted, shown in the form and the preview, not saved. */
interface PreviewAnswer {
  preview: true;
  intent: typeof SAVE_INTENT;
  id: BusinessSectionId;
  values: Record<string, string>;
}

const isPreview = (value: unknown): value is PreviewAnswer => typeof value === "object" && value !== null && "preview" in value;

/**
 * One section of the record (intent=save, the section as its id), its preview without saving
 * ("vorschau"), a new portrait (multipart, intent=portrait) and taking the portrait off.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  const posted = await formWithPictures(request, { intent: "portrait", field: PORTRAIT_FIELD });
  if (!posted.ok) return posted.refused;
  const { form } = posted;
  const { db } = context;
  const section = String(form.get("id") ?? "");
  if (form.get("intent") === SAVE_INTENT && form.has(PREVIEW_BUTTON) && isBusinessSection(section)) {
    const { [WEBSITE_PASSWORD_FIELD]: _password, [PREVIEW_BUTTON]: _button, ...values } = formFields(form);
    return { preview: true, intent: SAVE_INTENT, id: section, values } satisfies PreviewAnswer;
  }
  return staffAction({ request, context }, form, {
    // The password is never sent back into the form; a refusal of it (or its throttle) stands at its field.
    [SAVE_INTENT]: async (posted) => {
      const { [WEBSITE_PASSWORD_FIELD]: password, ...values } = posted.values;
      if (!isBusinessSection(section)) return invalidForm(posted.failure, { message: "Unbekannter Abschnitt.", fieldErrors: {} });
      return validatedWrite(
        (values) => checkBusinessSection(section, values),
        async (checked) => saveBusinessSection(db, { user, password, origin: await checkOrigin(db, request, user.username) }, section, checked),
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

/** The one line a folded section shows: what it holds, so staff see it is right without opening it. */
function sectionSummary(id: BusinessSectionId, business: BusinessRecord, hasPortrait: boolean): string {
  switch (id) {
    case "betrieb":
      return `${business.name} · ${business.owner}`;
    case "kontakt":
      return `${business.street}, ${business.postalCode} ${business.city} · ${business.phone}`;
    case "rechtliches":
      return `${business.legalForm} · ${business.chamber}`;
    case "auftritt":
      return `„${business.heroTitle}“`;
    case "ueber-uns":
      return `${hasPortrait ? "Mit Porträt" : "Ohne Porträt"} · ${business.masterText || "noch ohne Text"}`;
  }
}

export default function StaffBusinessPage() {
  const { business, portrait, missing, dialled, passwordMaxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  // With JavaScript: what was typed into the previewed sections since the page loaded, saved or not.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const missingKeys = new Set<string>(missing.map(({ key }) => key));
  const posted = isPreview(actionData) ? actionData : undefined;
  const previewed = previewBusiness(business, { ...posted?.values, ...typed });

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") values[name] = value;
    setTyped((current) => ({ ...current, ...values }));
  };

  return (
    <div className="staff-page">
      <h1 id="betrieb-titel">Betrieb</h1>
      <p className="staff-intro">
        Name, Kontakt, Impressum und die Worte der Startseite. Jeder Abschnitt wird für sich gespeichert und steht beim
        nächsten Aufruf auf allen Seiten der Website.
      </p>
      <BusinessCompleteness missing={missing} />

      {BUSINESS_SECTIONS.map((section) => {
        const previewable = PREVIEWED.includes(section.id);
        const complete =
          section.fields.every((key) => !missingKeys.has(key)) && (section.id !== "ueber-uns" || (business.masterText !== "" && portrait !== null));
        const body = (failure: FormFailure | undefined) => {
          const field = (spec: FieldSpec) => (
            <BusinessField
              key={spec.key}
              spec={spec}
              value={asText(posted?.id === section.id ? (posted.values[spec.key] ?? "") : business[spec.key])}
              failure={failure}
              missing={missingKeys.has(spec.key)}
              note={spec.key === "phone" && dialled ? `Gewählt wird: ${dialled}` : undefined}
            />
          );
          if (section.id === "auftritt") {
            const listValues = posted?.id === section.id ? posted.values : undefined;
            return (
              <>
                {(["heroTitle", "heroSlogan", "heroDetail"] as const).map((key) => field(fieldSpec(key)))}
                <PromiseFields promises={business.promises} failure={failure} posted={listValues} />
                <TrustFields trust={business.trust} failure={failure} posted={listValues} />
                {(["googleProfileUrl", "googleReviewUrl", "googleReviewsReadUrl", "instagramUrl", "facebookUrl"] as const).map((key) => field(fieldSpec(key)))}
              </>
            );
          }
          return section.fields.flatMap((key) => [
            field(fieldSpec(key)),
            ...(key === "website"
              ? [<WebsitePassword key="website-password" maxLength={passwordMaxLength} error={failure?.fieldErrors[WEBSITE_PASSWORD_FIELD]} />]
              : []),
          ]);
        };
        return (
          <BusinessSection
            key={section.id}
            id={section.id}
            title={section.title}
            summary={sectionSummary(section.id, business, portrait !== null)}
            complete={complete}
            previewed={posted?.id === section.id}
            withPreviewButton={previewable && !hydrated}
            onInput={previewable ? onInput : undefined}
            after={section.id === "ueber-uns" ? <PortraitSection portrait={portrait} owner={business.owner} /> : null}
          >
            {body}
          </BusinessSection>
        );
      })}

      <BusinessPreview business={previewed} />
    </div>
  );
}

/**
 * One section of the record: its own form and "Speichern" (issue 39), sent by a fetcher of its
 * own, so saving it leaves what is typed in the others as it is; without JavaScript a plain post,
 * after which the page loads with the saved data. A complete section folds to its summary line;
 * one that is incomplete, refused or previewed stands open.
 */
function BusinessSection({
  id,
  title,
  summary,
  complete,
  previewed,
  withPreviewButton,
  onInput,
  after,
  children,
}: {
  id: BusinessSectionId;
  title: string;
  summary: string;
  complete: boolean;
  previewed: boolean;
  withPreviewButton: boolean;
  onInput?: (event: FormEvent<HTMLFormElement>) => void;
  after: ReactNode;
  children: (failure: FormFailure | undefined) => ReactNode;
}) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const failure = failureFor(fetcher.data, SAVE_INTENT, id) ?? failureFor(actionData, SAVE_INTENT, id);
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, failure);
  useFailureToast(failure);
  const titleId = `abschnitt-${id}`;
  return (
    <details className="business-section" open={!complete || failure !== undefined || previewed || undefined}>
      <summary className="business-section__summary">
        <h2 id={titleId} className="business-section__title">
          {title}
        </h2>
        <span className="business-section__line">{complete ? summary : "Noch unvollständig"}</span>
      </summary>
      <fetcher.Form ref={ref} method="post" className="staff-form business-form" aria-labelledby={titleId} onInput={onInput} preventScrollReset>
        <IntentFields intent={SAVE_INTENT} id={id} />
        {children(failure)}
        <div className="staff-form__buttons">
          <SubmitButton intent={SAVE_INTENT} id={id} pending={fetcher.state !== "idle"} pendingLabel="Wird gespeichert…" label={`${title} speichern`}>
            Speichern
          </SubmitButton>
          {withPreviewButton ? (
            // Without JavaScript the preview is the server's answer; the page opens at it.
            <button type="submit" name={PREVIEW_BUTTON} value="1" formAction={`#${PREVIEW_ID}`} className="button button--secondary">
              Vorschau
            </button>
          ) : null}
        </div>
      </fetcher.Form>
      {after}
    </details>
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
function PromiseFields({
  promises,
  failure,
  posted,
}: {
  promises: BusinessRecord["promises"];
  failure?: FormFailure;
  /** The values sent with "Vorschau", shown instead of the saved ones. */
  posted?: Record<string, string>;
}) {
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
            {...fieldState(failure, promiseFieldName(index, "title"), posted?.[promiseFieldName(index, "title")] ?? promises[index]?.title ?? "")}
          />
          <Field
            id={businessFieldId(promiseFieldName(index, "text"))}
            label={`Versprechen ${index + 1}: Text *`}
            required
            maxLength={PROMISE_TEXT_MAX_LENGTH}
            {...fieldState(failure, promiseFieldName(index, "text"), posted?.[promiseFieldName(index, "text")] ?? promises[index]?.text ?? "")}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** Up to five short trust marks; empty fields are left out. */
function TrustFields({ trust, failure, posted }: { trust: string[]; failure?: FormFailure; posted?: Record<string, string> }) {
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
          {...fieldState(failure, trustFieldName(index), posted?.[trustFieldName(index)] ?? trust[index] ?? "")}
        />
      ))}
    </fieldset>
  );
}

/**
 * The master's portrait, under "Über uns": the Bilder page's photo tile (camera or gallery), the
 * chosen photo shown small with a button that takes it out again, and its own multipart form (a
 * file cannot ride in the section's form without making every save an upload).
 */
function PortraitSection({ portrait, owner }: { portrait: { url: string; preparing: boolean } | null; owner: string }) {
  const actionData = useActionData<typeof action>();
  const failure = failureFor(actionData, "portrait");
  // After an upload the tile is empty again, its preview gone.
  const uploadKey = useFormKeyAfterSuccess("portrait");
  return (
    <section className="business-portrait-section" aria-labelledby="portraet-titel">
      <h3 id="portraet-titel">Porträt des Meisters</h3>
      <p className="staff-field__hint">Steht auf „Über uns“ und auf der Startseite. Ort und Kameradaten werden entfernt.</p>
      {portrait ? (
        <p>
          <img className="business-portrait" src={portrait.url} alt={`Porträt: ${owner}`} width={160} />
          {portrait.preparing ? <span>Wird für die Website vorbereitet …</span> : null}
        </p>
      ) : null}
      <PortraitUpload key={uploadKey} replacing={portrait !== null} error={failure?.fieldErrors[PORTRAIT_FIELD]} />
      {portrait ? (
        <Form method="post" className="staff-more" preventScrollReset>
          <IntentFields intent="portrait-remove" />
          <SubmitButton intent="portrait-remove" variant="secondary">
            Porträt entfernen
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

/** The portrait's multipart form on the photo tile: one photo, shown small with a button that takes it out again. */
function PortraitUpload({ replacing, error }: { replacing: boolean; error?: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenPhoto[]>([]);
  const errorId = "portraet-fehler";

  const choose = (files: File[]) =>
    setChosen((old) => {
      for (const photo of old) URL.revokeObjectURL(photo.url);
      return files.map((file) => ({ url: URL.createObjectURL(file), name: file.name }));
    });
  // A photo chosen before the page's scripts ran is in the input already; the previews' URLs go with the form.
  useEffect(() => {
    if (input.current?.files?.length) choose(Array.from(input.current.files));
    return () => choose([]);
  }, []);

  return (
    <Form method="post" encType="multipart/form-data" className="staff-form" preventScrollReset>
      <IntentFields intent="portrait" />
      <PhotoPicker
        name={PORTRAIT_FIELD}
        label={replacing ? "Neues Porträt aufnehmen oder auswählen" : "Porträt aufnehmen oder auswählen"}
        inputRef={input}
        multiple={false}
        invalid={Boolean(error)}
        showInput={!hydrated}
        describedBy={error ? errorId : undefined}
        onChange={(event) => choose(Array.from(event.currentTarget.files ?? []))}
        chosen={chosen}
        onRemove={() => {
          if (input.current) input.current.value = "";
          choose([]);
          input.current?.focus();
        }}
      >
        <FieldError id={errorId}>{error}</FieldError>
      </PhotoPicker>
      <div className="staff-form__buttons">
        <SubmitButton intent="portrait" pendingLabel="Wird hochgeladen…">
          Porträt hochladen
        </SubmitButton>
      </div>
    </Form>
  );
}
