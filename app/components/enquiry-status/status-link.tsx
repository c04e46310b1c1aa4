import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

/**
 * "Diesen Link aufbewahren": the page's own address, to select by hand, and (with JavaScript) a
 * button that copies it. The button sits beside the field, so its arrival changes no height.
 */
export function StatusLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"ja" | "nein" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("ja");
    } catch {
      setCopied("nein");
    }
  };
  return (
    <section className="status-link" aria-labelledby="link-titel">
      <h2 id="link-titel">Diesen Link aufbewahren</h2>
      <p id="link-hinweis">
        Unter dieser Adresse sehen Sie jederzeit, wie es mit Ihrer Anfrage weitergeht – Preis, Termin und wann Ihr Fahrzeug
        fertig ist. Sie ist nur für Sie: Bitte geben Sie sie nicht weiter.
      </p>
      <div className="status-link__row">
        <label htmlFor="status-link" className="visually-hidden">
          Ihr persönlicher Link
        </label>
        <input id="status-link" className="status-link__field" type="text" readOnly value={url} aria-describedby="link-hinweis" />
        {hydrated ? (
          <button type="button" className="button status-link__copy" onClick={copy}>
            Link kopieren
          </button>
        ) : null}
      </div>
      <p className="status-link__copied" role="status">
        {copied === "ja" ? "Kopiert – jetzt z. B. in Ihre Notizen einfügen." : copied === "nein" ? "Kopieren ging nicht – bitte den Link markieren und kopieren." : ""}
      </p>
    </section>
  );
}
