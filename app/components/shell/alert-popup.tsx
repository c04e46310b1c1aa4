import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNonce } from "~/components/document/nonce";
import { SEEN_ALERTS_COOKIE, SEEN_ALERTS_STORAGE_KEY } from "~/lib/preferences";
import { cookieWhenViewedScript, whenViewed } from "~/lib/prerender";
import { useHydrated } from "~/components/use-hydrated";
import { readBrowserCookie, setBrowserCookie } from "../../lib/browser-cookies";
import { useShell } from "./shell-state";
import { useReturnPath } from "./use-return-path";

export interface PopupAlerts {
  /** Fingerprint of the active alert list; stored as this session's "seen" marker. */
  key: string;
  items: { id: string; title: string; text: string }[];
}

const POPUP_MAX_WIDTH = 500;
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function mirrorVisited(key: string) {
  try {
    sessionStorage.setItem(SEEN_ALERTS_STORAGE_KEY, key);
  } catch {
    // The session cookie alone keeps the popup from returning.
  }
}

function markSeen(key: string) {
  setBrowserCookie(SEEN_ALERTS_COOKIE, key);
  mirrorVisited(key);
}

/**
 * "Wichtige Informationen": the server decides whether this page view shows it (first
 * view of the browser session, or the active list changed). It waits while the consent
 * dialog is open, so the two never overlap. With JavaScript it is a modal <dialog>.
 */
export function AlertPopup({ alerts }: { alerts: PopupAlerts | null }) {
  const { consentView } = useShell();

  // SPEC §3 keeps the visited marker in sessionStorage; the session cookie the server set is copied there.
  useEffect(() => {
    const seen = readBrowserCookie(SEEN_ALERTS_COOKIE);
    if (seen) mirrorVisited(seen);
  }, []);
  const hydrated = useHydrated();
  const nonce = useNonce();
  const returnPath = useReturnPath();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const open = alerts !== null && dismissedKey !== alerts.key && consentView === "geschlossen";

  useBrowserLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !hydrated || !dialog || !alerts) return;
    if (!dialog.open) dialog.showModal();
    // A prerendered page is not yet seen (decision 018).
    return whenViewed(() => markSeen(alerts.key));
  }, [open, hydrated, alerts]);

  if (!open) return null;

  const dismiss = (event?: FormEvent) => {
    event?.preventDefault();
    dialogRef.current?.close();
    setDismissedKey(alerts.key);
  };

  const dialog = (
    <dialog
      ref={dialogRef}
      open={!hydrated}
      className="dialog alert-popup"
      aria-labelledby="alert-popup-title"
      style={{ maxWidth: POPUP_MAX_WIDTH }}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
    >
      <h2 id="alert-popup-title" className="dialog__title">
        Wichtige Informationen
      </h2>
      <ul className="alert-popup__list">
        {alerts.items.map((alert) => (
          <li key={alert.id}>
            <h3>{alert.title}</h3>
            <p>{alert.text}</p>
          </li>
        ))}
      </ul>
      <form method="post" action="/einstellungen/hinweise" className="dialog__actions" onSubmit={dismiss}>
        <input type="hidden" name="key" value={alerts.key} />
        <input type="hidden" name="redirectTo" value={returnPath} />
        <button type="submit" className="button">
          OK
        </button>
      </form>
    </dialog>
  );

  if (hydrated) return dialog;
  return (
    <div className="dialog-overlay dialog-overlay--static">
      {dialog}
      {/* A speculative request gets no seen marker from the server (edge-cache.server.ts): this sets it once the page is shown. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: cookieWhenViewedScript(SEEN_ALERTS_COOKIE, alerts.key) }} />
    </div>
  );
}
