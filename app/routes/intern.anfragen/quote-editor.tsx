import { Form, useActionData } from "@remix-run/react";
import { useState } from "react";
import { QuoteTable } from "~/components/enquiry-status/quote-table";
import { Field, FormError } from "~/components/staff/field";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useHydrated } from "~/components/use-hydrated";
import { PROGRESS_INTENTS } from "~/lib/enquiry-progress";
import {
  formatEuro,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  parseEuro,
  QUOTE_FORM,
  QUOTE_ITEM_TEXT_MAX_LENGTH,
  QUOTE_KIND_LABELS,
  QUOTE_KINDS,
  QUOTE_NOTE_MAX_LENGTH,
  quoteTotals,
  VAT_PERCENT,
} from "~/lib/quote";
import { failureFor, type FormFailure } from "~/lib/staff-forms";
import type { StaffProgress } from "~/server/web/job-view.server";
import { StepEditor } from "./step-editor";

/** Empty lines offered beyond the current ones (without JavaScript the way to add one); with JavaScript "Weitere Position" adds more. */
const SPARE_ROWS = 1;
const MIN_ROWS = 2;

interface Row {
  text: string;
  quantity: string;
  price: string;
}

/** The rows as posted (after a refusal) or as the current price has them, plus spare ones. */
function startRows(editor: StaffProgress["editor"], failure: FormFailure | undefined): Row[] {
  const posted: Row[] = [];
  if (failure) {
    for (let row = 0; row < MAX_QUOTE_ITEMS; row++) {
      const values = { text: failure.values[QUOTE_FORM.text(row)], quantity: failure.values[QUOTE_FORM.quantity(row)], price: failure.values[QUOTE_FORM.price(row)] };
      if (values.text === undefined && values.quantity === undefined && values.price === undefined) break;
      posted.push({ text: values.text ?? "", quantity: values.quantity ?? "", price: values.price ?? "" });
    }
  }
  const rows = failure ? posted : editor.items;
  const spare = Math.max(SPARE_ROWS, MIN_ROWS - rows.length);
  return [...rows, ...Array.from({ length: spare }, () => ({ text: "", quantity: "", price: "" }))].slice(0, MAX_QUOTE_ITEMS);
}

/**
 * "Richtpreis / Angebot erstellen": the current price as the customer sees it, and the editor for
 * a new version (gross prices in euros; the sum and the MwSt. it contains shown as typed, with
 * JavaScript). Once the customer accepted, the price is final and the editor gone.
 */
export function QuoteEditor({ progress, reference }: { progress: StaffProgress; reference: string }) {
  const failure = failureFor(useActionData(), PROGRESS_INTENTS.quote, progress.enquiryId);
  const { quote, editor } = progress;
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => startRows(editor, failure));
  const error = (name: string) => failure?.fieldErrors[name];
  const totals = quoteTotals(
    rows.flatMap((row) => {
      const price = parseEuro(row.price);
      const quantity = row.quantity.trim() === "" ? 1 : Number(row.quantity);
      return price !== null && Number.isInteger(quantity) ? [{ quantity, unitPriceGross: price }] : [];
    }),
  );
  const change = (index: number, field: keyof Row, value: string) => setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));

  // A new version until one is accepted, and while the step allows a price (app/lib/job.ts).
  const editorForm =
    quote?.acceptedAt || !progress.canQuote ? null : (
      <Form method="post" className="staff-form quote-editor" preventScrollReset>
        <IntentFields intent={PROGRESS_INTENTS.quote} id={progress.enquiryId} />
        <h3>{quote ? "Neue Fassung erstellen" : "Richtpreis / Angebot erstellen"}</h3>
        {failure ? <FormError>{failure.message}</FormError> : null}
        <fieldset className="staff-field quote-editor__kind">
          <legend className="staff-field__label">Art</legend>
          {QUOTE_KINDS.map((kind) => (
            <label key={kind} className="quote-editor__choice">
              <input type="radio" name={QUOTE_FORM.kind} value={kind} defaultChecked={(failure?.values[QUOTE_FORM.kind] ?? editor.kind) === kind} />
              <span>{QUOTE_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
        <p className="staff-field__hint">Preise brutto, inkl. {VAT_PERCENT} % MwSt., wie die Kundin oder der Kunde sie zahlt.</p>
        <ol className="quote-editor__rows">
          {rows.map((row, index) => (
            <li key={index} className="quote-editor__row">
              <Field
                label={`Position ${index + 1}`}
                name={QUOTE_FORM.text(index)}
                maxLength={QUOTE_ITEM_TEXT_MAX_LENGTH}
                value={row.text}
                onChange={(event) => change(index, "text", event.target.value)}
                error={error(QUOTE_FORM.text(index))}
              />
              <Field
                label="Menge"
                name={QUOTE_FORM.quantity(index)}
                inputMode="numeric"
                placeholder="1"
                max={MAX_QUOTE_QUANTITY}
                value={row.quantity}
                onChange={(event) => change(index, "quantity", event.target.value)}
                error={error(QUOTE_FORM.quantity(index))}
              />
              <Field
                label="Einzelpreis €"
                name={QUOTE_FORM.price(index)}
                inputMode="decimal"
                placeholder="0,00"
                value={row.price}
                onChange={(event) => change(index, "price", event.target.value)}
                error={error(QUOTE_FORM.price(index))}
              />
            </li>
          ))}
        </ol>
        {hydrated && rows.length < MAX_QUOTE_ITEMS ? (
          <p>
            <button type="button" className="button button--secondary" onClick={() => setRows((current) => [...current, { text: "", quantity: "", price: "" }])}>
              Weitere Position
            </button>
          </p>
        ) : null}
        {hydrated ? (
          <p className="quote-editor__total" aria-live="polite">
            Gesamt {formatEuro(totals.totalGross)} inkl. {VAT_PERCENT} % MwSt. (darin {formatEuro(totals.vat)})
          </p>
        ) : null}
        <Field
          label="Gültig bis"
          name={QUOTE_FORM.validUntil}
          type="date"
          required
          defaultValue={failure?.values[QUOTE_FORM.validUntil] ?? editor.validUntil}
          error={error(QUOTE_FORM.validUntil)}
        />
        <Field
          label="Hinweis für die Kundin / den Kunden"
          name={QUOTE_FORM.note}
          multiline
          rows={3}
          maxLength={QUOTE_NOTE_MAX_LENGTH}
          defaultValue={failure?.values[QUOTE_FORM.note] ?? editor.note}
          error={error(QUOTE_FORM.note)}
        />
        <div className="staff-form__buttons">
          <SubmitButton intent={PROGRESS_INTENTS.quote} id={progress.enquiryId} pendingLabel="Speichern…">
            {quote ? "Neue Fassung senden" : "Preis senden"}
          </SubmitButton>
        </div>
      </Form>
    );

  return (
    <section className="staff-section enquiry-steps" aria-labelledby="preis-title">
      <h2 id="preis-title">Richtpreis / Angebot</h2>
      {quote ? (
        <>
          <p className="enquiry-steps__quote-line">
            <strong>
              {quote.kindShort} {quote.total}
            </strong>{" "}
            inkl. {quote.vatPercent} % MwSt.
          </p>
          <p className="staff-list__meta">
            Fassung {quote.version} vom {quote.createdAt} Uhr
            {quote.acceptedAt ? <strong> · angenommen am {quote.acceptedAt} Uhr</strong> : " · noch nicht angenommen"}
          </p>
          <StepEditor summary={editorForm ? "Positionen ansehen und ändern" : "Positionen ansehen"} open={!!failure}>
            <QuoteTable quote={quote} caption={`${quote.kindShort} zur Anfrage ${reference}`} />
            {editorForm}
          </StepEditor>
        </>
      ) : (
        editorForm
      )}
    </section>
  );
}
