import { type FormEvent, useEffect, useRef, useState } from "react";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";
import { Field, FieldError, FormError } from "~/components/staff/field";
import { useHydrated } from "~/components/use-hydrated";
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  DAMAGE_KINDS,
  damageKindsOf,
  ENQUIRY_DESCRIPTION_MAX_LENGTH,
  ENQUIRY_EMAIL_MAX_LENGTH,
  ENQUIRY_FIELDS as F,
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_PHONE_MAX_LENGTH,
  ENQUIRY_PHONE_PATTERN,
  ENQUIRY_REACHABLE_MAX_LENGTH,
  ENQUIRY_TOPICS,
  ENQUIRY_VEHICLE_MAX_LENGTH,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  MAX_ENQUIRY_PHOTOS,
  PREFERRED_TIMES,
} from "~/lib/enquiry";
import type { FormFailure } from "~/lib/staff-forms";
import { PhoneIcon } from "~/components/shell/phone-icon";
import { telHref } from "~/lib/phone";
import { PhotoField } from "./photo-field";
import { PATHS } from "~/lib/site-areas";

interface Failure {
  message: string;
  fieldErrors: Record<string, string>;
}

/** The gallery picture an enquiry is about (`?bezug=<id>`), as the form shows it. */
export interface EnquiryReference extends PictureData {
  id: string;
  description: string;
}

/** The project page an enquiry is about (`?projekt=<slug>`), as the form names it. */
export interface EnquiryProjectChoice {
  slug: string;
  title: string;
  vehicle: string;
}

/**
 * Where the long topic names may break in a half-width tile: the browser's own hyphenation needs a
 * dictionary that not every phone has. Only the label changes; the value sent stays the topic.
 */
const TOPIC_BREAKS: Partial<Record<string, string>> = {
  "Oldtimer-Innenausstattung": "Oldtimer-Innen\u00ADausstattung",
  Cabrioverdeck: "Cabrio\u00ADverdeck",
  Motorradsitz: "Motorrad\u00ADsitz",
  Musterberatung: "Muster\u00ADberatung",
};

/** E-mail and phone: either one is needed, so one given clears the other's "one of the two" message. */
const EITHER = [F.email, F.phone] as const;

/** Whether the field(s) of `name` now hold what the server would take, as far as the browser can tell. */
function fieldValid(form: HTMLFormElement, name: string): boolean {
  const item = form.elements.namedItem(name);
  if (item instanceof RadioNodeList) return Array.from(item).every((field) => (field as HTMLInputElement).validity.valid);
  if (!(item instanceof HTMLInputElement || item instanceof HTMLTextAreaElement)) return false;
  // The server trims: a required field of spaces is still empty.
  return item.validity.valid && (!item.required || item.value.trim() !== "");
}

/**
 * The enquiry form, camera first: the photos, then what it is about, then who asks and how to
 * answer. Without JavaScript it is a plain multipart form that posts to the page, which answers
 * with the form filled in again and the messages at the fields. With JavaScript the same form
 * (the same inputs, so whatever was typed before the scripts loaded is kept and sent) shrinks the
 * photos in the browser, sends them with a progress bar, shows the server's messages at the same
 * fields and takes each message away as soon as its field is right.
 */
export function EnquiryForm({
  token,
  topic,
  reference,
  project = null,
  failure,
  retentionMonths,
  search,
  phone,
}: {
  token: string;
  topic: string | null;
  /** The gallery picture the visitor came from ("Ähnliches Projekt anfragen"), or null. */
  reference: EnquiryReference | null;
  /** The project page the visitor came from ("Ähnliches Projekt anfragen"), or null. */
  project?: EnquiryProjectChoice | null;
  /** The plain form's failed submission, as the page's action answered it. */
  failure?: FormFailure;
  retentionMonths: number;
  /** The page's query: the plain form posts to the page as it was opened, so a refusal comes back with its topic and picture. */
  search: string;
  /** The workshop's phone number for the call button (null while the business record has none). */
  phone: string | null;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<Failure | null>(null);
  /** Null while idle; the share of the upload sent so far while sending. */
  const [progress, setProgress] = useState<number | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const shown: Failure | undefined = sent ?? failure;
  /** The fields corrected since `of` was shown: their messages are gone. */
  const [corrected, setCorrected] = useState<{ of: Failure | undefined; names: string[] }>({ of: undefined, names: [] });
  const correctedNames = corrected.of === shown ? corrected.names : [];
  const errors: Record<string, string | undefined> = {
    ...Object.fromEntries(Object.entries(shown?.fieldErrors ?? {}).filter(([name]) => !correctedNames.includes(name))),
    ...(photoError ? { [F.photos]: photoError } : {}),
  };
  const fieldErrorsLeft = Object.values(errors).some(Boolean);
  const values = failure?.values ?? {};
  const chosenTopic = values[F.topic] ?? topic;
  const chosenDamage = damageKindsOf(values[F.damage]);

  useEffect(() => {
    if (shown) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  /** A field with a message that now holds a valid value loses it; the summary goes with the last one. */
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    const element = form.current;
    if (!shown || !element || !name || !shown.fieldErrors[name] || correctedNames.includes(name)) return;
    if (!fieldValid(element, name)) return;
    const names = [name];
    const other = EITHER.find((field) => field !== name);
    const value = (event.target as HTMLInputElement).value.trim();
    if ((EITHER as readonly string[]).includes(name) && other && value && shown.fieldErrors[other] === shown.fieldErrors[name]) names.push(other);
    setCorrected({ of: shown, names: [...correctedNames, ...names] });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    if (photoError) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setProgress(0);
    const body = new FormData(event.currentTarget);
    // Loaded when a customer sends, not with the page; should that fail, the form goes as without JavaScript.
    const modules = await Promise.all([import("~/lib/shrink-photo.client"), import("~/lib/upload-request.client")]).catch(() => null);
    if (!modules) {
      form.current?.submit();
      return;
    }
    const [{ shrinkPhoto }, { sendUpload }] = modules;
    const photos = body.getAll(F.photos).filter((entry): entry is File => entry instanceof File && entry.size > 0);
    body.delete(F.photos);
    // Upright, at most 2560 px and without location data before it leaves the phone (mobile data).
    for (const photo of photos) body.append(F.photos, await shrinkPhoto(photo));
    const outcome = await sendUpload(body, { endpoint: PATHS.enquirySend, signal: new AbortController().signal, onProgress: setProgress });
    const answer = outcome.kind === "stored" || outcome.kind === "failed" ? (outcome.answer as Partial<Failure & { location: string }> | null) : null;
    if (outcome.kind === "stored" && answer?.location) {
      // The status page is a document with its own small script (decision 021): loaded as one, not rendered by the router.
      window.location.assign(answer.location);
      return;
    }
    setProgress(null);
    setSent({
      message: outcome.kind === "failed" ? outcome.message : "Die Anfrage konnte nicht gesendet werden. Bitte erneut versuchen.",
      fieldErrors: answer?.fieldErrors ?? {},
    });
  }

  const sending = progress !== null;
  const summary = shown && (Object.keys(shown.fieldErrors).length === 0 ? shown.message : fieldErrorsLeft ? "Bitte prüfen Sie die markierten Angaben." : null);
  return (
    <form
      ref={form}
      method="post"
      action={`${PATHS.enquiry}${search}`}
      encType="multipart/form-data"
      // The server's German messages stand at the fields, with and without JavaScript alike.
      noValidate
      className="enquiry-form"
      aria-describedby="anfrage-pflicht"
      onSubmit={submit}
      onInput={recheck}
      onChange={recheck}
    >
      {summary ? <FormError>{summary}</FormError> : null}
      {reference ? <ReferenceChoice reference={reference} keep={failure ? values[F.referencePicture] === reference.id : true} /> : null}
      {project ? <ProjectChoice project={project} keep={failure ? values[F.project] === project.slug : true} /> : null}

      <PhotoField
        name={F.photos}
        error={errors[F.photos]}
        // A plain form cannot keep the chosen files when it comes back.
        lostOnReturn={Boolean(failure)}
        onCountChange={(count) =>
          setPhotoError(count > MAX_ENQUIRY_PHOTOS ? `Bitte höchstens ${MAX_ENQUIRY_PHOTOS} Fotos auswählen (Sie haben ${count} gewählt).` : null)
        }
      />

      <p id="anfrage-pflicht" className="enquiry-form__required-note">
        Felder mit * brauchen wir, um Ihnen antworten zu können.
      </p>
      <ChipGroup
        legend="Worum geht es? *"
        name={F.topic}
        type="radio"
        options={ENQUIRY_TOPICS.map((name) => ({ value: name, label: TOPIC_BREAKS[name] ?? name, checked: chosenTopic === name }))}
        required
        error={errors[F.topic]}
        className="enquiry-chips--tiles enquiry-chips--topics"
      />
      <ChipGroup
        legend="Was ist beschädigt?"
        hint="Wenn etwas davon passt – sonst einfach weiter."
        name={F.damage}
        type="checkbox"
        options={DAMAGE_KINDS.map((kind) => ({ value: kind, label: kind, checked: chosenDamage.includes(kind) }))}
        error={errors[F.damage]}
      />
      <Field
        label="Beschreibung *"
        name={F.description}
        multiline
        rows={4}
        required
        hint={`Was soll gemacht werden? Höchstens ${ENQUIRY_DESCRIPTION_MAX_LENGTH.toLocaleString("de-DE")} Zeichen.`}
        maxLength={ENQUIRY_DESCRIPTION_MAX_LENGTH}
        defaultValue={values[F.description]}
        error={errors[F.description]}
      />
      <Field
        label="Fahrzeug"
        name={F.vehicle}
        hint="Marke, Modell und Baujahr, z. B. VW Golf II, 1989"
        maxLength={ENQUIRY_VEHICLE_MAX_LENGTH}
        autoComplete="off"
        defaultValue={values[F.vehicle]}
        error={errors[F.vehicle]}
      />
      <Field
        label="Name *"
        name={F.name}
        required
        autoComplete="name"
        maxLength={ENQUIRY_NAME_MAX_LENGTH}
        defaultValue={values[F.name]}
        error={errors[F.name]}
      />
      <div className="enquiry-form__pair">
        <Field
          label="Telefon"
          name={F.phone}
          type="tel"
          autoComplete="tel"
          maxLength={ENQUIRY_PHONE_MAX_LENGTH}
          pattern={ENQUIRY_PHONE_PATTERN}
          hint="Telefon oder E-Mail *"
          defaultValue={values[F.phone]}
          error={errors[F.phone]}
        />
        <Field
          label="E-Mail"
          name={F.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={ENQUIRY_EMAIL_MAX_LENGTH}
          hint="Telefon oder E-Mail *"
          defaultValue={values[F.email]}
          error={errors[F.email]}
        />
      </div>
      <ChipGroup
        legend="Wie sollen wir antworten?"
        name={F.contactBy}
        type="radio"
        options={CONTACT_CHANNELS.map((channel) => ({ value: channel, label: CONTACT_CHANNEL_LABELS[channel], checked: values[F.contactBy] === channel }))}
        error={errors[F.contactBy]}
        className="enquiry-chips--tiles"
      />
      <Field
        label="Wann erreichen wir Sie am besten?"
        name={F.reachable}
        hint="z. B. werktags ab 17 Uhr"
        maxLength={ENQUIRY_REACHABLE_MAX_LENGTH}
        autoComplete="off"
        defaultValue={values[F.reachable]}
        error={errors[F.reachable]}
      />
      <ChipGroup
        legend="Wann würde es Ihnen passen?"
        hint="Wir schlagen Ihnen dann passende Termine vor."
        name={F.preferredDate}
        type="radio"
        options={PREFERRED_TIMES.map((time) => ({ value: time, label: time, checked: values[F.preferredDate] === time }))}
        error={errors[F.preferredDate]}
        className="enquiry-chips--tiles"
      />

      {/* People never see this field and leave it empty; form-filling robots fill it in. */}
      <div className="enquiry-form__trap" aria-hidden="true">
        <label htmlFor="anfrage-webseite">Webseite (bitte leer lassen)</label>
        <input id="anfrage-webseite" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <FormToken token={token} />

      <p className="enquiry-form__privacy">
        Wir verwenden Ihre Angaben und Fotos nur, um diese Anfrage zu beantworten; die Fotos sieht nur unser Team. Wir
        löschen die Anfrage {retentionMonths} Monate nach der letzten Bearbeitung (
        <a href="/impressum#datenschutz-anfragen">Datenschutzerklärung</a>).
      </p>
      {/*
        On a phone it stays at the bottom of the screen while the form is in view and stands in for
        the call bar, whose "Anrufen" it carries as an icon (enquiry.css): one bar, not two.
      */}
      <div className="enquiry-form__send">
        {sending ? (
          <div className="enquiry-form__progress" role="status">
            <progress max={1} value={progress} aria-label="Fortschritt beim Senden" />
            <span>{progress < 1 ? `Wird gesendet… ${Math.round(progress * 100)} %` : "Wird gespeichert…"}</span>
          </div>
        ) : null}
        <div className="enquiry-form__send-row">
          {phone ? (
            <a className="enquiry-form__call" href={telHref(phone)}>
              <PhoneIcon />
              <span className="visually-hidden">Anrufen: {phone}</span>
            </a>
          ) : null}
          <button type="submit" className="button enquiry-form__button" aria-disabled={sending || undefined}>
            {sending ? "Wird gesendet…" : "Anfrage senden"}
          </button>
        </div>
      </div>
    </form>
  );
}

interface ChipOption {
  value: string;
  label: string;
  checked: boolean;
}

/** Radio buttons or checkboxes of one name as thumb-sized chips; the chosen ones filled. */
function ChipGroup({
  legend,
  hint,
  name,
  type,
  options,
  required = false,
  error,
  className,
}: {
  legend: string;
  hint?: string;
  name: string;
  type: "radio" | "checkbox";
  options: ChipOption[];
  required?: boolean;
  error?: string;
  className?: string;
}) {
  const ids = { hint: `${name}-hinweis`, error: `${name}-fehler` };
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={`staff-field enquiry-chips${className ? ` ${className}` : ""}`} aria-describedby={describedBy}>
      <legend className="staff-field__label">{legend}</legend>
      {hint ? (
        <p id={ids.hint} className="staff-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="enquiry-chips__options">
        {options.map((option) => (
          <label key={option.value} className="enquiry-chip">
            <input
              type={type}
              name={name}
              value={option.value}
              required={required}
              defaultChecked={option.checked}
              aria-invalid={error ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={ids.error}>{error}</FieldError>
    </fieldset>
  );
}

/**
 * "Ihre Anfrage bezieht sich auf:" the gallery picture the visitor came from, small with its
 * caption. It goes with the enquiry as a checkbox (checked), so a visitor can leave it out, with
 * and without JavaScript, and nothing typed is lost by doing so.
 */
function ReferenceChoice({ reference, keep }: { reference: EnquiryReference; keep: boolean }) {
  return (
    <figure className="enquiry-reference">
      <figcaption className="enquiry-reference__title">Ihre Anfrage bezieht sich auf:</figcaption>
      <div className="enquiry-reference__body">
        <ReferencePicture picture={reference} className="enquiry-reference__picture" sizes="64px" width={64} height={64} alt="" />
        <div>
          <p className="enquiry-reference__caption">{reference.description || "Ein Projekt aus unserer Galerie"}</p>
          <label className="checkbox">
            <input type="checkbox" name={F.referencePicture} value={reference.id} defaultChecked={keep} />
            Bild mitsenden
          </label>
        </div>
      </div>
    </figure>
  );
}

/** "Ihre Anfrage bezieht sich auf das Projekt": named, and sent as a checkbox (checked) like the picture. */
function ProjectChoice({ project, keep }: { project: EnquiryProjectChoice; keep: boolean }) {
  return (
    <div className="enquiry-reference">
      <p className="enquiry-reference__title">Ihre Anfrage bezieht sich auf das Projekt:</p>
      <p className="enquiry-reference__caption">{`${project.title} – ${project.vehicle}`}</p>
      <label className="checkbox">
        <input type="checkbox" name={F.project} value={project.slug} defaultChecked={keep} />
        Projekt mitsenden
      </label>
    </div>
  );
}

/**
 * The signed time token. The server renders it (and the edge cache puts a fresh one into a
 * stored page); while React hydrates the page it must not touch the input, or it would write
 * back the token of the hydration data, which for a cached page is the stored copy's. A form
 * first rendered in the browser (a navigation within the site) takes the loader's own.
 */
function FormToken({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [keepServerValue] = useState(() => typeof document !== "undefined" && !hydrated);
  return <input type="hidden" name={FORM_TOKEN_FIELD} suppressHydrationWarning {...(keepServerValue ? {} : { defaultValue: token })} />;
}
