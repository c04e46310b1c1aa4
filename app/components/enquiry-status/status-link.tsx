import { useNonce } from "~/components/document/nonce";

const FIELD_ID = "status-link";
const BUTTON_ID = "link-kopieren";
const OUTPUT_ID = "link-kopiert";

/**
 * The copy button's behaviour on a page without the framework (decision 018): a few lines beside
 * it, run once. Without JavaScript (or a clipboard) the button stays hidden and the field is
 * selected by hand.
 */
const COPY_SCRIPT = `(function(){var b=document.getElementById(${JSON.stringify(BUTTON_ID)}),f=document.getElementById(${JSON.stringify(FIELD_ID)}),o=document.getElementById(${JSON.stringify(OUTPUT_ID)});if(!b||!f||!o||!navigator.clipboard)return;b.hidden=false;b.addEventListener("click",function(){navigator.clipboard.writeText(f.value).then(function(){o.textContent="Kopiert – jetzt z. B. in Ihre Notizen einfügen."},function(){f.select();o.textContent="Kopieren ging nicht – bitte den markierten Link kopieren."})})})()`;

/**
 * "Diesen Link aufbewahren": the page's own address, to select by hand, and a button that copies
 * it where the browser can. The button sits beside the field, so its arrival changes no height.
 * Shown in full right after sending; on later visits (`compact`) it folds into a small "Link
 * kopieren" at the end of the page, a disclosure that opens without JavaScript too.
 */
export function StatusLink({ url, compact = false }: { url: string; compact?: boolean }) {
  const nonce = useNonce();
  const row = (
    <>
      <div className="status-link__row">
        <label htmlFor={FIELD_ID} className="visually-hidden">
          Ihr persönlicher Link
        </label>
        <input id={FIELD_ID} className="status-link__field" type="text" readOnly value={url} aria-describedby="link-hinweis" />
        <button id={BUTTON_ID} type="button" className="button status-link__copy" hidden>
          Link kopieren
        </button>
      </div>
      <p id={OUTPUT_ID} className="status-link__copied" role="status" />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: COPY_SCRIPT }} />
    </>
  );
  if (compact) {
    return (
      <details className="status-link status-link--compact">
        <summary>Link kopieren</summary>
        <p id="link-hinweis">Der Link zu dieser Seite – nur für Sie, bitte nicht weitergeben.</p>
        {row}
      </details>
    );
  }
  return (
    <section className="status-link" aria-labelledby="link-titel">
      <h2 id="link-titel">Diesen Link aufbewahren</h2>
      <p id="link-hinweis">
        Unter dieser Adresse sehen Sie jederzeit, wie es mit Ihrer Anfrage weitergeht – Preis, Termin und wann Ihr Fahrzeug
        fertig ist. Sie ist nur für Sie: Bitte geben Sie sie nicht weiter.
      </p>
      {row}
    </section>
  );
}
