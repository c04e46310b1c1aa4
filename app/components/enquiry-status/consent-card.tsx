import { useNonce } from "~/components/document/nonce";
import { Field, FieldError, FormError } from "~/components/staff/field";
import { CONSENT_FORM, CONSENT_LABELS, CONSENT_STATEMENT_MAX_LENGTH, type ConsentChoice, type ShownNameForm } from "~/lib/consent";
import { STATUS_FORM } from "~/lib/enquiry-progress";
import type { FormFailure } from "~/lib/staff-forms";

export interface ConsentView {
  wording: Record<ConsentChoice, string>;
  names: { form: ShownNameForm; label: string }[];
  reviewUrl: string | null;
  photos: { at: string; wording: string } | null;
  statement: { at: string; wording: string; text: string; shownName: string } | null;
  canGive: boolean;
}

const STATEMENT_ID = "kundenstimme";
const COUNTER_ID = `${STATEMENT_ID}-hinweis`;
const limit = CONSENT_STATEMENT_MAX_LENGTH.toLocaleString("de-DE");

/** The counter under her text, on a page without the framework (decision 018): a few lines, run once. Without JavaScript the hint names the limit. */
const COUNTER_SCRIPT = `(function(){var t=document.getElementById(${JSON.stringify(STATEMENT_ID)}),h=document.getElementById(${JSON.stringify(COUNTER_ID)});if(!t||!h)return;function u(){var n=t.value.replace(/\\r\\n?/g,"\\n").length;h.textContent=n+" von ${limit} Zeichen"}t.addEventListener("input",u);u()})()`;

/**
 * "Dürfen wir Ihr Fahrzeug zeigen?" (decision 025): after "fertig", below what the customer has to
 * do. Each choice is its own plain form with an unticked box: her photos, her words under a name
 * form she picks; each given one says what and since when, with "Nicht mehr zeigen". The Google
 * link, if the workshop set one, stands apart: nothing offered for it, nothing stored. A refused
 * post comes back with the browser at the card (`#zeigen`); a stored one at the confirmation.
 */
export function ConsentCard({ consent, failure }: { consent: ConsentView; failure?: FormFailure }) {
  const failed = (intent: string, choice: ConsentChoice) => (failure?.intent === intent && failure.values[CONSENT_FORM.choice] === choice ? failure : undefined);
  const given = { fotos: !!consent.photos, stimme: !!consent.statement };
  // A refusal whose form is gone (taken back twice, a step no longer open) is said at the top.
  const shownAtForm = (["fotos", "stimme"] as const).some(
    (choice) => (given[choice] && failed(CONSENT_FORM.withdraw, choice)) || (!given[choice] && consent.canGive && failed(CONSENT_FORM.give, choice)),
  );
  return (
    <section aria-labelledby="zeigen-title" className="status-card consent-card" id="zeigen">
      <h2 id="zeigen-title">Dürfen wir Ihr Fahrzeug zeigen?</h2>
      {failure && !shownAtForm ? <FormError>{failure.message}</FormError> : null}
      <p>
        Wir würden unsere Arbeit an Ihrem Fahrzeug gern auf unserer Website zeigen, damit andere sehen, was wir machen. Das ist
        freiwillig: Sie entscheiden jede Frage für sich, ohne Häkchen zeigen wir nichts, und jede Zustimmung können Sie hier
        jederzeit zurücknehmen.
      </p>

      <div className="consent-card__choice">
        <h3>Fotos Ihres Fahrzeugs</h3>
        {consent.photos ? (
          <Given
            choice="fotos"
            summary={`Erlaubt seit ${consent.photos.at}.`}
            wording={consent.photos.wording}
            failure={failed(CONSENT_FORM.withdraw, "fotos")}
          />
        ) : consent.canGive ? (
          <form method="post" action="#zeigen" className="status-form">
            <input type="hidden" name={STATUS_FORM.intent} value={CONSENT_FORM.give} />
            <input type="hidden" name={CONSENT_FORM.choice} value="fotos" />
            <Agree id="einverstanden-fotos" wording={consent.wording.fotos} failure={failed(CONSENT_FORM.give, "fotos")} />
            <p>
              <button type="submit" className="button button--secondary">
                Fotos freigeben
              </button>
            </p>
          </form>
        ) : (
          <p>Nicht freigegeben.</p>
        )}
      </div>

      <div className="consent-card__choice">
        <h3>Ein paar Worte von Ihnen</h3>
        {consent.statement ? (
          <>
            <blockquote className="consent-card__quote">
              <p>{consent.statement.text}</p>
              <footer>– {consent.statement.shownName}</footer>
            </blockquote>
            <Given
              choice="stimme"
              summary={`Erlaubt seit ${consent.statement.at}.`}
              wording={consent.statement.wording}
              failure={failed(CONSENT_FORM.withdraw, "stimme")}
            />
          </>
        ) : consent.canGive ? (
          <StatementForm consent={consent} failure={failed(CONSENT_FORM.give, "stimme")} />
        ) : (
          <p>Nicht freigegeben.</p>
        )}
      </div>

      {consent.reviewUrl ? (
        <div className="consent-card__choice">
          <h3>Bewertung bei Google</h3>
          <p>
            Ganz unabhängig davon: Wenn Sie mögen, freuen wir uns über Ihre ehrliche Bewertung bei Google. Dafür gibt es keine
            Gegenleistung, und wir speichern hier nichts dazu.
          </p>
          <p>
            <a className="button button--secondary" href={consent.reviewUrl} rel="noopener noreferrer">
              Bei Google bewerten
            </a>
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** The unticked box with the sentence that is stored with her yes, and its message when the box was left empty. */
function Agree({ id, wording, failure }: { id: string; wording: string; failure?: FormFailure }) {
  const error = failure?.fieldErrors[CONSENT_FORM.agree];
  return (
    <div className="consent-card__agree">
      <label className="consent-check">
        <input type="checkbox" id={id} name={CONSENT_FORM.agree} value="ja" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-fehler` : undefined} />
        <span>{wording}</span>
      </label>
      <FieldError id={`${id}-fehler`}>{error}</FieldError>
    </div>
  );
}

/** Her text (at most CONSENT_STATEMENT_MAX_LENGTH characters, counted as she types) and the name it is shown under. */
function StatementForm({ consent, failure }: { consent: ConsentView; failure?: FormFailure }) {
  const nonce = useNonce();
  const chosen = failure?.values[CONSENT_FORM.nameForm] ?? "ort";
  const nameError = failure?.fieldErrors[CONSENT_FORM.nameForm];
  return (
    <form method="post" action="#zeigen" className="status-form">
      <input type="hidden" name={STATUS_FORM.intent} value={CONSENT_FORM.give} />
      <input type="hidden" name={CONSENT_FORM.choice} value="stimme" />
      <Field
        id={STATEMENT_ID}
        label="Was möchten Sie anderen über unsere Arbeit sagen? (freiwillig)"
        hint={`Höchstens ${limit} Zeichen.`}
        multiline
        rows={4}
        maxLength={CONSENT_STATEMENT_MAX_LENGTH}
        name={CONSENT_FORM.statement}
        defaultValue={failure?.values[CONSENT_FORM.statement]}
        error={failure?.fieldErrors[CONSENT_FORM.statement]}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: COUNTER_SCRIPT }} />
      <fieldset className="consent-card__names" aria-describedby={nameError ? "namensform-fehler" : undefined}>
        <legend>Unter welchem Namen?</legend>
        {consent.names.map(({ form, label }) => (
          <label key={form} className="consent-check">
            <input type="radio" name={CONSENT_FORM.nameForm} value={form} defaultChecked={form === chosen} />
            <span>{label}</span>
          </label>
        ))}
        <FieldError id="namensform-fehler">{nameError}</FieldError>
      </fieldset>
      <Agree id="einverstanden-stimme" wording={consent.wording.stimme} failure={failure} />
      <p>
        <button type="submit" className="button button--secondary">
          Text freigeben
        </button>
      </p>
    </form>
  );
}

/** A yes in force: since when, the sentence she ticked, and "Nicht mehr zeigen". */
function Given({ choice, summary, wording, failure }: { choice: ConsentChoice; summary: string; wording: string; failure?: FormFailure }) {
  return (
    <form method="post" action="#zeigen" className="status-form consent-card__given">
      <input type="hidden" name={STATUS_FORM.intent} value={CONSENT_FORM.withdraw} />
      <input type="hidden" name={CONSENT_FORM.choice} value={choice} />
      <p className="status-page__accepted">{summary}</p>
      <p className="status-page__small">Ihre Zustimmung: „{wording}“</p>
      {failure ? <FormError>{failure.message}</FormError> : null}
      <p>
        <button type="submit" className="button button--secondary">
          <span className="visually-hidden">{CONSENT_LABELS[choice]}: </span>Nicht mehr zeigen
        </button>
      </p>
    </form>
  );
}
