import { Link, useLocation, useNavigate } from "@remix-run/react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import {
  CONSENT_SETTINGS_PARAM,
  type ConsentChoice,
  consentFor,
  consentSettingsHref,
  withoutConsentParam,
} from "~/lib/preferences";
import { useHydrated } from "~/components/use-hydrated";
import { useShell } from "./shell-state";
import { useReturnPath } from "./use-return-path";

const CONSENT_MAX_WIDTH = 600;

/**
 * The consent dialog (SPEC §2 cookie banner). It is non-modal and sits first in the
 * document, so it is the first thing keyboard and screen-reader users meet, while the
 * Impressum and privacy links stay usable. Declining is as prominent as accepting
 * (OLG Köln 6 U 80/23). Without JavaScript every button posts the choice to the server.
 */
export function CookieConsent() {
  const { consent, external: savedExternal, consentView, setConsentView, saveConsent } = useShell();
  const hydrated = useHydrated();
  const returnPath = useReturnPath();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The checkbox starts from what is stored and only diverges while the visitor edits it.
  const [draftExternal, setDraftExternal] = useState<boolean | null>(null);
  const external = draftExternal ?? savedExternal;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const shownView = useRef(consentView);

  // Opened or switched by the visitor: move focus into the dialog, and back to the opener when it closes.
  useEffect(() => {
    if (shownView.current === consentView) return;
    if (shownView.current === "geschlossen") openerRef.current = document.activeElement;
    shownView.current = consentView;
    if (consentView !== "geschlossen") {
      dialogRef.current?.querySelector<HTMLElement>(".dialog__title")?.focus();
    } else if (openerRef.current instanceof HTMLElement && openerRef.current.isConnected) {
      openerRef.current.focus();
    }
  }, [consentView]);

  if (consentView === "geschlossen") return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const choice = (submitter?.value ?? "essenziell") as ConsentChoice;
    saveConsent(consentFor(choice, external));
    setDraftExternal(null);
    if (new URLSearchParams(search).has(CONSENT_SETTINGS_PARAM)) {
      navigate(withoutConsentParam(pathname + search), { replace: true, preventScrollReset: true });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    if (consentView === "individuell") setConsentView("erste");
    // Reopened to review an existing choice: Escape leaves it as it was.
    else if (consent) setConsentView("geschlossen");
  };

  const individual = consentView === "individuell";
  const titleId = individual ? "consent-individual-title" : "consent-title";

  return (
    <dialog
      open
      ref={dialogRef}
      className="dialog consent"
      aria-labelledby={titleId}
      aria-describedby="consent-text"
      style={{ maxWidth: CONSENT_MAX_WIDTH }}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="dialog__title" tabIndex={-1}>
        {individual ? "Individuelle Datenschutz-Präferenz" : "Datenschutz-Präferenz"}
      </h2>
      {/* A fresh form per view: reused, the first view's "Einwilligung speichern" button would become
          "Nur essenzielle Cookies akzeptieren" and fade from the secondary to the primary look. */}
      <form key={consentView} method="post" action="/einstellungen/cookies" onSubmit={submit}>
        <input type="hidden" name="redirectTo" value={returnPath} />
        {individual ? (
          <>
            <p id="consent-text">Wählen Sie, welche Cookies und Inhalte Sie zulassen möchten.</p>
            <fieldset className="consent__options">
              <legend className="visually-hidden">Cookie-Kategorien</legend>
              <label className="checkbox">
                <input type="checkbox" defaultChecked disabled />
                <span>
                  <strong>Essenziell</strong>
                  <small>Speichern Ihre Auswahl zu Cookies und Design sowie gelesene Hinweise. Ohne sie funktioniert die Website nicht wie vorgesehen.</small>
                </span>
              </label>
              <label className="checkbox">
                <input type="checkbox" name="external" checked={external} onChange={(event) => setDraftExternal(event.target.checked)} />
                <span>
                  <strong>Externe Inhalte</strong>
                  <small>Lädt die Karte von Google Maps. Dabei werden Daten wie Ihre IP-Adresse an Google übertragen.</small>
                </span>
              </label>
            </fieldset>
            <div className="consent__actions">
              <button type="submit" name="wahl" value="alle" className="button">
                Alle akzeptieren
              </button>
              <button type="submit" name="wahl" value="speichern" className="button button--secondary">
                Speichern &amp; schließen
              </button>
              <button type="submit" name="wahl" value="essenziell" className="button">
                Nur essenzielle Cookies akzeptieren
              </button>
            </div>
          </>
        ) : (
          <>
            <div id="consent-text">
              <p>
                Bevor Sie fortfahren, benötigen wir Ihre Einwilligung. Einige Cookies sind essenziell für den Betrieb
                dieser Website, andere helfen uns, sie zu verbessern – etwa die Karte von Google Maps, die erst nach
                Ihrer Zustimmung geladen wird.
              </p>
              <p>Ihre Auswahl gilt einen Tag und lässt sich jederzeit unter „Cookie-Einstellungen“ am Seitenende ändern.</p>
            </div>
            {external ? <input type="hidden" name="external" value="on" /> : null}
            <div className="consent__actions">
              <button type="submit" name="wahl" value="alle" className="button">
                Ich akzeptiere alle
              </button>
              <button type="submit" name="wahl" value="essenziell" className="button">
                Nur essenzielle Cookies akzeptieren
              </button>
              <button type="submit" name="wahl" value="speichern" className="button button--secondary">
                Einwilligung speichern
              </button>
              {hydrated ? (
                <button type="button" className="button button--secondary" onClick={() => setConsentView("individuell")}>
                  Individuelle Datenschutz-Präferenz
                </button>
              ) : (
                <a href={consentSettingsHref(pathname, search, "individuell")} className="button button--secondary" rel="nofollow">
                  Individuelle Datenschutz-Präferenz
                </a>
              )}
            </div>
          </>
        )}
      </form>
      <p className="consent__links">
        <Link to="/impressum">Impressum</Link>
        <Link to="/impressum#datenschutz">Datenschutzerklärung</Link>
      </p>
    </dialog>
  );
}
