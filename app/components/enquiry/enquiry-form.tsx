import { Link } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Field, FieldError, FormError } from "~/components/staff/field";
import { useHydrated } from "~/components/use-hydrated";
import {
  ENQUIRY_DESCRIPTION_MAX_LENGTH,
  ENQUIRY_EMAIL_MAX_LENGTH,
  ENQUIRY_FIELDS as F,
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_PHONE_MAX_LENGTH,
  ENQUIRY_TOPICS,
  ENQUIRY_VEHICLE_MAX_LENGTH,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  MAX_ENQUIRY_PHOTOS,
} from "~/lib/enquiry";
import type { FormFailure } from "~/lib/staff-forms";
import { shrinkPhoto } from "~/lib/shrink-photo.client";
import { sendUpload } from "~/lib/upload-request.client";
import { PhotoField } from "./photo-field";
import { PATHS } from "~/lib/site-areas";

/** Where the form sends with JavaScript (app/routes/anfrage_.senden.ts); without, it posts to the page. */

interface Failure {
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * The enquiry form. Without JavaScript it is a plain multipart form that posts to the page,
 * which answers with the form filled in again and the messages at the fields. With
 * JavaScript the same form (the same inputs, so whatever was typed before the scripts
 * loaded is kept and sent) shrinks the photos in the browser, sends them with a progress
 * bar and shows the server's messages at the same fields.
 */
export function EnquiryForm({
  token,
  topic,
  failure,
  retentionMonths,
}: {
  token: string;
  topic: string | null;
  /** The plain form's failed submission, as the page's action answered it. */
  failure?: FormFailure;
  retentionMonths: number;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<Failure | null>(null);
  /** Null while idle; the share of the upload sent so far while sending. */
  const [progress, setProgress] = useState<number | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const shown: Failure | undefined = sent ?? failure;
  const errors: Record<string, string | undefined> = { ...shown?.fieldErrors, ...(photoError ? { [F.photos]: photoError } : {}) };
  const values = failure?.values ?? {};
  const chosenTopic = values[F.topic] ?? topic;

  useEffect(() => {
    if (shown) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    if (photoError) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setProgress(0);
    const body = new FormData(event.currentTarget);
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
  return (
    <form
      ref={form}
      method="post"
      action={PATHS.enquiry}
      encType="multipart/form-data"
      // The server's German messages stand at the fields, with and without JavaScript alike.
      noValidate
      className="enquiry-form"
      aria-describedby="anfrage-pflicht"
      onSubmit={submit}
    >
      <p id="anfrage-pflicht" className="enquiry-form__required-note">
        Felder mit * brauchen wir, um Ihnen antworten zu können.
      </p>
      {shown ? <FormError>{Object.keys(shown.fieldErrors).length > 0 ? "Bitte prüfen Sie die markierten Angaben." : shown.message}</FormError> : null}

      <fieldset className="staff-field enquiry-topics" aria-describedby={errors[F.topic] ? "thema-fehler" : undefined}>
        <legend className="staff-field__label">Worum geht es? *</legend>
        <div className="enquiry-topics__options">
          {ENQUIRY_TOPICS.map((name) => (
            <label key={name} className="enquiry-topic">
              <input
                type="radio"
                name={F.topic}
                value={name}
                required
                defaultChecked={chosenTopic === name}
                aria-invalid={errors[F.topic] ? true : undefined}
              />
              <span>{name}</span>
            </label>
          ))}
        </div>
        <FieldError id="thema-fehler">{errors[F.topic]}</FieldError>
      </fieldset>

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
        label="Beschreibung *"
        name={F.description}
        multiline
        rows={6}
        required
        hint={`Was soll gemacht werden? Höchstens ${ENQUIRY_DESCRIPTION_MAX_LENGTH.toLocaleString("de-DE")} Zeichen.`}
        maxLength={ENQUIRY_DESCRIPTION_MAX_LENGTH}
        defaultValue={values[F.description]}
        error={errors[F.description]}
      />
      <PhotoField
        name={F.photos}
        error={errors[F.photos]}
        // A plain form cannot keep the chosen files when it comes back.
        lostOnReturn={Boolean(failure)}
        onCountChange={(count) =>
          setPhotoError(count > MAX_ENQUIRY_PHOTOS ? `Bitte höchstens ${MAX_ENQUIRY_PHOTOS} Fotos auswählen (Sie haben ${count} gewählt).` : null)
        }
      />
      <Field
        label="Wunschtermin"
        name={F.preferredDate}
        type="date"
        hint="Wann würde es Ihnen passen? Wir bestätigen den Termin."
        defaultValue={values[F.preferredDate]}
        error={errors[F.preferredDate]}
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
          label="E-Mail"
          name={F.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={ENQUIRY_EMAIL_MAX_LENGTH}
          hint="E-Mail oder Telefon *"
          defaultValue={values[F.email]}
          error={errors[F.email]}
        />
        <Field
          label="Telefon"
          name={F.phone}
          type="tel"
          autoComplete="tel"
          maxLength={ENQUIRY_PHONE_MAX_LENGTH}
          hint="E-Mail oder Telefon *"
          defaultValue={values[F.phone]}
          error={errors[F.phone]}
        />
      </div>

      {/* People never see this field and leave it empty; form-filling robots fill it in. */}
      <div className="enquiry-form__trap" aria-hidden="true">
        <label htmlFor="anfrage-webseite">Webseite (bitte leer lassen)</label>
        <input id="anfrage-webseite" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <FormToken token={token} />

      <div className="enquiry-form__send">
        <button type="submit" className="button enquiry-form__button" aria-disabled={sending || undefined}>
          {sending ? "Wird gesendet…" : "Anfrage senden"}
        </button>
        <p className="enquiry-form__privacy">
          Wir verwenden Ihre Angaben und Fotos nur, um diese Anfrage zu beantworten; die Fotos sieht nur unser Team. Wir
          löschen die Anfrage {retentionMonths} Monate nach der letzten Bearbeitung (
          <Link to="/impressum#datenschutz-anfragen">Datenschutzerklärung</Link>).
        </p>
      </div>
      {sending ? (
        <div className="enquiry-form__progress" role="status">
          <progress max={1} value={progress} aria-label="Fortschritt beim Senden" />
          <span>{progress < 1 ? `Wird gesendet… ${Math.round(progress * 100)} %` : "Wird gespeichert…"}</span>
        </div>
      ) : null}
    </form>
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
