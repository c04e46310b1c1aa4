import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_STORAGE_KEY,
  type CookieConsent,
  EXTERNAL_COOKIE,
} from "~/lib/preferences";
import { setBrowserCookie } from "../../lib/browser-cookies";

export type ConsentView = "geschlossen" | "erste" | "individuell";

interface ShellState {
  consent: CookieConsent | null;
  /** The `external` cookie is 'true': the map may load. */
  external: boolean;
  consentView: ConsentView;
  setConsentView: (view: ConsentView) => void;
  /** Stores a consent choice in the browser: both cookies and the localStorage mirror. */
  saveConsent: (consent: CookieConsent) => void;
  /** "Externe Cookies akzeptieren" under a map. */
  acceptExternal: () => void;
}

function writeConsent(consent: CookieConsent) {
  const json = JSON.stringify(consent);
  setBrowserCookie(CONSENT_COOKIE, json, CONSENT_MAX_AGE_DAYS);
  setBrowserCookie(EXTERNAL_COOKIE, String(consent.external), CONSENT_MAX_AGE_DAYS);
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, json);
  } catch {
    // Storage may be disabled; the cookies still carry the choice.
  }
}

const ShellContext = createContext<ShellState>({
  consent: null,
  external: false,
  consentView: "geschlossen",
  setConsentView: () => {},
  saveConsent: () => {},
  acceptExternal: () => {},
});

export function ShellProvider({
  consent: initialConsent,
  external: initialExternal,
  initialView,
  children,
}: {
  consent: CookieConsent | null;
  external: boolean;
  initialView: ConsentView;
  children: ReactNode;
}) {
  const [consent, setConsent] = useState(initialConsent);
  const [external, setExternal] = useState(initialExternal);
  const [consentView, setConsentView] = useState(initialView);

  const saveConsent = useCallback((next: CookieConsent) => {
    writeConsent(next);
    setConsent(next);
    setExternal(next.external);
    setConsentView("geschlossen");
  }, []);

  const acceptExternal = useCallback(() => {
    if (consent) {
      saveConsent({ essential: true, external: true });
      return;
    }
    setBrowserCookie(EXTERNAL_COOKIE, "true", CONSENT_MAX_AGE_DAYS);
    setExternal(true);
  }, [consent, saveConsent]);

  const value = useMemo(
    () => ({ consent, external, consentView, setConsentView, saveConsent, acceptExternal }),
    [consent, external, consentView, saveConsent, acceptExternal],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export const useShell = () => useContext(ShellContext);
