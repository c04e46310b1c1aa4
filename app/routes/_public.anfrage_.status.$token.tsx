import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { useNonce } from "~/components/document/nonce";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { ConsentCard } from "~/components/enquiry-status/consent-card";
import { PickUpHours } from "~/components/enquiry-status/pick-up-hours";
import { QuoteTable } from "~/components/enquiry-status/quote-table";
import { SlotChoice } from "~/components/enquiry-status/slot-choice";
import { StatusLink } from "~/components/enquiry-status/status-link";
import { StatusTimeline } from "~/components/enquiry-status/status-timeline";
import { PageHeader } from "~/components/pages/page-header";
import { type Step, StepList } from "~/components/pages/step-list";
import { GeneralErrorBoundary } from "~/components/shell/error-boundary";
import { Field, FormError } from "~/components/staff/field";
import { CONSENT_FORM } from "~/lib/consent";
import { STATUS_ANSWERED, STATUS_FORM, STATUS_INTENTS } from "~/lib/enquiry-progress";
import { CUSTOMER_MESSAGE_MAX_LENGTH, paymentLine, QUOTE_ANSWER } from "~/lib/quote";
import { telHref } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { PATHS, statusPagePath } from "~/lib/site-areas";
import { failureFor, fieldState, type FormFailure, isFormFailure } from "~/lib/staff-forms";
import { answerStatusPage, statusPage } from "~/server/web/status-page.server";
import { retryAfterOf } from "~/server/web/staff-form.server";

/*
 * A customer's private status page (`/anfrage/status/<token>`, decision 021): where the enquiry
 * stands, its price to confirm, accept or ask about, the dates to choose from (or to move), and
 * when the car is ready, and then whether the workshop may show it (decision 025).
 * Never in the edge cache, `noindex`, and its address never leaves the site (site-areas.ts,
 * `isPrivatePage`). Right after sending it is the confirmation, with the link to keep. A document
 * (decision 018): its forms are plain forms, each answered by the page again.
 */

export const handle: StylesHandle = { styles: [PAGE_STYLES.pages, PAGE_STYLES.fields, PAGE_STYLES.progress, PAGE_STYLES.status] };
export const links = styleLinks(handle.styles);

// The canonical address is the form's: the page's own address (its token) appears in no tag.
export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Ihre Anfrage", description: "Der Stand Ihrer Anfrage: Preis, Termin und wann Ihr Fahrzeug fertig ist.", path: PATHS.enquiry }),
  { name: "robots", content: "noindex, nofollow" },
];

/** A refused answer keeps its Retry-After (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const answered = new URL(request.url).searchParams.get(STATUS_ANSWERED.param);
  return { ...(await statusPage(context, token, answered)), url: new URL(statusPagePath(token), request.url).href };
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return answerStatusPage(request, context, params.token ?? "");
}

/** "Was passiert jetzt", right after sending: what the workshop does with the enquiry, in the customer's words. */
const NEXT_STEPS: readonly Step[] = [
  { title: "Fotos ansehen", text: "Wir sehen uns Ihre Fotos und Ihre Beschreibung in der Werkstatt an." },
  { title: "Rückmeldung mit Richtpreis", text: "Meist innerhalb eines Werktags: ein Richtpreis nach Fotos, hier auf dieser Seite." },
  { title: "Termin", text: "Sie wählen einen Termin, zu dem Sie Ihr Fahrzeug bringen – den festen Preis nennen wir vor Ort." },
];

/** The confirmation takes the focus where scripts run; without them the browser is at it already (the redirect's anchor). */
const FOCUS_SCRIPT = `document.getElementById(${JSON.stringify(STATUS_ANSWERED.id)})?.focus()`;

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The page leads with the one thing to do (issue 38): a confirmation right after an answer, then
 * "Neu für Sie" (the price and its buttons, the dates to choose, the chosen date, or "fertig"),
 * then "Stand", then (after "fertig") whether we may show the car, then what the customer wrote. What "Neu für Sie" holds follows from the job's step.
 */
export default function StatusPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const nonce = useNonce();
  const failure = (intent: string) => failureFor(actionData, intent);
  const { quote, appointment, next } = page;
  const shown: Record<string, boolean> = {
    [STATUS_INTENTS.accept]: !!quote,
    [STATUS_INTENTS.ask]: !!quote,
    [STATUS_INTENTS.choose]: !!appointment,
    [STATUS_INTENTS.decline]: !!appointment,
    [STATUS_INTENTS.reschedule]: !!appointment,
    [CONSENT_FORM.give]: !!page.consent,
    [CONSENT_FORM.withdraw]: !!page.consent,
  };
  // A refusal whose section the page does not show (an unknown action, a question without a price,
  // "Keiner passt" without dates) is said at the top.
  const stray = isFormFailure(actionData) && !shown[actionData.intent] ? actionData : undefined;
  const choosing = !!appointment && (next === "preis" || next === "termine") && appointment.proposals.length > 0;
  const moving = next === "termin" && !!appointment?.chosen;
  // A refused date answer whose form is gone (a date chosen meanwhile, the proposals withdrawn) is said in "Stand".
  const dateRefused = choosing || moving ? undefined : (failure(STATUS_INTENTS.choose) ?? failure(STATUS_INTENTS.decline) ?? failure(STATUS_INTENTS.reschedule));

  return (
    <div className="page status-page">
      {page.confirmation && !actionData ? (
        <div className="status-confirmation" id={STATUS_ANSWERED.id} tabIndex={-1} role="status">
          <p className="status-confirmation__title">{page.confirmation.title}</p>
          <p>{page.confirmation.text}</p>
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FOCUS_SCRIPT }} />
        </div>
      ) : null}
      <PageHeader title={page.justSent ? "Vielen Dank!" : `Ihre Anfrage ${page.reference}`}>
        {page.justSent ? "Wir melden uns in der Regel innerhalb eines Werktags." : `${page.topic}${page.vehicle ? ` · ${page.vehicle}` : ""}`}
      </PageHeader>
      <div className="page__inner status-page__body">
        {stray ? <FormError>{stray.message}</FormError> : null}
        {page.justSent ? (
          <>
            <h2 className="status-page__sent">
              Ihre Anfrage <span className="status-page__reference">{page.reference}</span> ist angekommen.
            </h2>
            <Photos photos={page.photos} />
            <StatusLink url={page.url} />
            <section aria-labelledby="weiter-title" className="status-card">
              <h2 id="weiter-title">Was passiert jetzt</h2>
              <StepList steps={NEXT_STEPS} />
              <p>
                Wir melden uns hier auf dieser Seite und, wenn Sie eine E-Mail-Adresse angegeben haben, per E-Mail. Bitte halten
                Sie die Nummer bereit, wenn Sie uns deswegen anrufen.
              </p>
              <p>
                Eine Einschätzung nach Fotos ist ein erster Kostenvoranschlag: Der endgültige Preis kann sich ändern, wenn wir das
                Stück in der Werkstatt gesehen haben.
              </p>
            </section>
          </>
        ) : null}

        {next === "preis" && quote ? <PriceCard page={page} quote={quote} fresh /> : null}
        {choosing ? <ChooseDate page={page} appointment={appointment!} fresh={next === "termine"} /> : null}
        {moving ? <ChosenDate page={page} appointment={appointment!} /> : null}
        {next === "fertig" && page.finished ? <Finished page={page} finished={page.finished} /> : null}

        <section aria-labelledby="stand-title" className="status-card" id="stand">
          <h2 id="stand-title">Stand</h2>
          <StatusTimeline steps={page.timeline} />
          {page.notices.map((notice) => (
            <p key={notice.id} className="status-page__notice">
              <strong>{notice.title}:</strong> {notice.text}
            </p>
          ))}
          {appointment && !appointment.chosen && appointment.proposals.length === 0 && appointment.declinedAt ? (
            <p>
              {appointment.rescheduled
                ? `Sie möchten Ihren Termin verschieben (${appointment.declinedAt}).`
                : `Sie haben uns am ${appointment.declinedAt} geschrieben, dass keiner der Termine passt.`}{" "}
              Wir melden uns mit neuen Vorschlägen.
            </p>
          ) : null}
          {dateRefused ? <FormError>{dateRefused.message}</FormError> : null}
        </section>

        {/* Below the pick-up and "Stand": asked once the work is done, never in the way of what she has to do. */}
        {page.consent ? <ConsentCard consent={page.consent} failure={failure(CONSENT_FORM.give) ?? failure(CONSENT_FORM.withdraw)} /> : null}

        {quote && next !== "preis" ? <PriceCard page={page} quote={quote} /> : null}

        {page.messages.length > 0 ? (
          <section aria-labelledby="nachrichten-title" className="status-card">
            <h2 id="nachrichten-title">Ihre Nachrichten an uns</h2>
            <ul className="status-messages">
              {page.messages.map((message) => (
                <li key={message.id}>
                  <p className="status-page__small">
                    {message.label} · {message.at}
                  </p>
                  {message.text ? <p className="status-messages__text">{message.text}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="anfrage-title" className="status-card">
          <h2 id="anfrage-title">Was Sie uns geschrieben haben</h2>
          <ul className="status-chips" aria-label="Ihre Angaben">
            <li>{page.topic}</li>
            {page.vehicle ? <li>{page.vehicle}</li> : null}
            <li>{page.photoCount === 0 ? "keine Fotos" : page.photoCount === 1 ? "1 Foto" : `${page.photoCount} Fotos`}</li>
          </ul>
          <p className="status-page__description">{page.description}</p>
          {page.justSent ? null : <Photos photos={page.photos} />}
        </section>

        {page.justSent ? null : <StatusLink url={page.url} compact />}

        <p className="status-page__small">
          Diese Seite gilt bis {page.retentionMonths} Monate nach der letzten Änderung; dann löschen wir die Anfrage (
          <Link to="/impressum#datenschutz">Datenschutz</Link>). Fragen? Telefon{" "}
          <a href={telHref(page.contact.phone)}>{page.contact.phone}</a>
        </p>
      </div>
    </div>
  );
}

/** The customer's photos, small, through the link. */
function Photos({ photos }: { photos: string[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="status-photos" aria-label={photos.length === 1 ? "Ihr Foto" : `Ihre ${photos.length} Fotos`}>
      {photos.map((href, index) => (
        <li key={href}>
          <img src={href} alt={`Foto ${index + 1}`} width={88} height={88} className="status-photos__photo" />
        </li>
      ))}
    </ul>
  );
}

/** "Neu für Sie" above a card's own title, where the customer has the next move. */
function Fresh({ fresh }: { fresh: boolean }) {
  return fresh ? <p className="status-card__new">Neu für Sie</p> : null;
}

/** The price: waiting for the customer's answer (`fresh`, its buttons), or answered / expired further down. */
function PriceCard({ page, quote, fresh = false }: { page: Page; quote: NonNullable<Page["quote"]>; fresh?: boolean }) {
  const actionData = useActionData<typeof action>();
  const accept = failureFor(actionData, STATUS_INTENTS.accept);
  const ask = failureFor(actionData, STATUS_INTENTS.ask);
  const answer = QUOTE_ANSWER[quote.kind];
  return (
    <section aria-labelledby="preis-title" className={fresh ? "status-card status-card--next" : "status-card"} id="preis">
      <Fresh fresh={fresh} />
      <h2 id="preis-title">Ihr {quote.kindShort}</h2>
      <p className="status-page__total">
        {quote.total} <span className="status-page__small">inkl. {quote.vatPercent} % MwSt.</span>
      </p>
      {/* Also when the answer changed the page: accepted meanwhile, a newer version, past its date. */}
      {accept ? <FormError>{accept.message}</FormError> : null}
      {quote.acceptedAt ? (
        <p className="status-page__accepted">
          {answer.done} ({quote.acceptedAt}).
        </p>
      ) : quote.expired ? (
        <p>Dieser Preis gilt nicht mehr. Fragen Sie uns gern nach einem neuen – mit einer Rückfrage unten.</p>
      ) : (
        <form method="post" className="status-form">
          <input type="hidden" name={STATUS_FORM.intent} value={STATUS_INTENTS.accept} />
          <input type="hidden" name={STATUS_FORM.quote} value={quote.id} />
          <p>
            <button type="submit" className="button status-page__answer" aria-describedby="preis-bedeutung">
              {answer.button}
            </button>
          </p>
          <p id="preis-bedeutung" className="status-page__small">
            {answer.meaning}
          </p>
        </form>
      )}
      {page.contact.paymentNote ? <p>{paymentLine(page.contact.paymentNote)}</p> : null}
      <QuoteTable quote={quote} caption={`${quote.kindShort} zur Anfrage ${page.reference}`} />
      {quote.acceptedAt || !fresh ? (
        ask ? <FormError>{ask.message}</FormError> : null
      ) : page.questionsLeft > 0 ? (
        <MessageForm intent={STATUS_INTENTS.ask} label="Rückfrage zum Preis" button="Rückfrage stellen" failure={ask} />
      ) : (
        <>
          {ask ? <FormError>{ask.message}</FormError> : null}
          <p>
            Weitere Fragen zum Preis klären wir gern am Telefon: <a href={telHref(page.contact.phone)}>{page.contact.phone}</a>.
          </p>
        </>
      )}
    </section>
  );
}

/** Up to three proposed dates as large cards, and "Keiner passt". */
function ChooseDate({ page, appointment, fresh }: { page: Page; appointment: NonNullable<Page["appointment"]>; fresh: boolean }) {
  const actionData = useActionData<typeof action>();
  const choose = failureFor(actionData, STATUS_INTENTS.choose);
  const decline = failureFor(actionData, STATUS_INTENTS.decline);
  // "Termin verschieben" sent from an older copy of the page, once the date was withdrawn meanwhile.
  const move = failureFor(actionData, STATUS_INTENTS.reschedule);
  return (
    <section aria-labelledby="termin-title" className={fresh ? "status-card status-card--next" : "status-card"} id="termin">
      <Fresh fresh={fresh} />
      <h2 id="termin-title">Termin zum Bringen wählen</h2>
      {move ? <FormError>{move.message}</FormError> : null}
      <p>Wann können Sie Ihr Fahrzeug zu uns bringen ({page.contact.address})?</p>
      <SlotChoice proposals={appointment.proposals} error={choose?.fieldErrors[STATUS_FORM.slot]} chosen={choose?.values[STATUS_FORM.slot]} />
      <MessageForm intent={STATUS_INTENTS.decline} label="Keiner passt? Schreiben Sie uns, wann es Ihnen passt (freiwillig)" button="Keiner passt" failure={decline} />
    </section>
  );
}

/** The chosen date until the car arrives: where to bring it, the calendar file, and "Termin verschieben" (the reminder e-mail links here, `#termin`). */
function ChosenDate({ page, appointment }: { page: Page; appointment: NonNullable<Page["appointment"]> }) {
  const actionData = useActionData<typeof action>();
  const move = failureFor(actionData, STATUS_INTENTS.reschedule) ?? failureFor(actionData, STATUS_INTENTS.choose) ?? failureFor(actionData, STATUS_INTENTS.decline);
  const chosen = appointment.chosen!;
  return (
    <section aria-labelledby="termin-title" className="status-card status-card--next" id="termin">
      <h2 id="termin-title">Ihr Termin</h2>
      {move ? <FormError>{move.message}</FormError> : null}
      <p className="status-page__appointment">{chosen.label}</p>
      <p>
        Bitte bringen Sie Ihr Fahrzeug zu uns: {page.contact.name}, {page.contact.address}. Gewählt am {appointment.confirmedAt}.
      </p>
      <p>
        <a className="button button--secondary" href={chosen.calendarHref} download>
          In den Kalender (.ics)
        </a>
      </p>
      <MessageForm intent={STATUS_INTENTS.reschedule} label="Passt der Termin nicht mehr? Schreiben Sie uns, wann es Ihnen passt (freiwillig)" button="Termin verschieben" failure={move} />
    </section>
  );
}

/** "Fertig": since when, the pick-up hours of the next days, how to pay, where. */
function Finished({ page, finished }: { page: Page; finished: NonNullable<Page["finished"]> }) {
  return (
    <section aria-labelledby="fertig-title" className="status-card status-card--next status-card--done" id="fertig">
      <Fresh fresh />
      <h2 id="fertig-title">Fahrzeug fertig – kann abgeholt werden</h2>
      <p>Seit {finished.at}. Sie können es zu unseren Öffnungszeiten abholen:</p>
      <PickUpHours days={finished.days} />
      {page.contact.paymentNote ? <p>{paymentLine(page.contact.paymentNote)}</p> : null}
      <p>
        {page.contact.name}, {page.contact.address} · Telefon <a href={telHref(page.contact.phone)}>{page.contact.phone}</a>
      </p>
    </section>
  );
}

/** A short message to the workshop (a question about the price, "Keiner passt"), kept as typed when refused. */
function MessageForm({ intent, label, button, failure }: { intent: string; label: string; button: string; failure?: FormFailure }) {
  return (
    <form method="post" className="status-form">
      <input type="hidden" name={STATUS_FORM.intent} value={intent} />
      <Field label={label} multiline rows={3} maxLength={CUSTOMER_MESSAGE_MAX_LENGTH} {...fieldState(failure, STATUS_FORM.message)} />
      <p>
        <button type="submit" className="button button--secondary">
          {button}
        </button>
      </p>
    </form>
  );
}

/** A link that opens nothing (any more) says so plainly, inside the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  const { expired, weeksAfterClose, retentionMonths, phone } = (error.data ?? {}) as {
    expired?: boolean;
    weeksAfterClose?: number;
    retentionMonths?: number;
    phone?: string;
  };
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{expired ? "Dieser Link ist abgelaufen" : "Dieser Link ist nicht mehr gültig"}</h1>
      {expired ? (
        <p>
          Ein Link zu Ihrer Anfrage gilt bis {weeksAfterClose} Wochen nach Abschluss des Auftrags. Rufen Sie uns gern an – wir
          schicken Ihnen einen neuen.
        </p>
      ) : (
        <p>
          Die Seite zu einer Anfrage gibt es, bis wir die Anfrage löschen
          {retentionMonths ? ` – spätestens ${retentionMonths} Monate nach der letzten Änderung` : ""}. Bitte rufen Sie uns an
          oder schicken Sie eine neue Anfrage.
        </p>
      )}
      {phone ? (
        <p>
          Telefon <a href={telHref(phone)}>{phone}</a>
        </p>
      ) : null}
      <p>
        <Link to={PATHS.enquiry} className="button">
          Neue Anfrage
        </Link>
      </p>
    </section>
  );
}
