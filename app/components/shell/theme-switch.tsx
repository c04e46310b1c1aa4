import { type FormEvent, useEffect, useState } from "react";
import { isTheme, type Theme, THEME_COOKIE, THEME_MAX_AGE_DAYS, THEME_STORAGE_KEY } from "~/lib/preferences";
import { setBrowserCookie } from "../../lib/browser-cookies";
import { useReturnPath } from "./use-return-path";

function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  setBrowserCookie(THEME_COOKIE, theme, THEME_MAX_AGE_DAYS);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The cookie alone keeps the choice.
  }
}

/**
 * A real form: without JavaScript the server stores the theme and sends the visitor back;
 * with it the colours change at once.
 */
export function ThemeSwitch({ theme: serverTheme }: { theme: Theme }) {
  const [theme, setTheme] = useState(serverTheme);
  const returnPath = useReturnPath();

  // The inline head script may have applied a theme stored only in localStorage.
  useEffect(() => {
    const shown = document.documentElement.dataset.theme;
    if (isTheme(shown)) setTheme(shown);
  }, []);

  const next: Theme = theme === "dark" ? "light" : "dark";
  const toggle = (event: FormEvent) => {
    event.preventDefault();
    applyTheme(next);
    setTheme(next);
  };

  return (
    <form method="post" action="/einstellungen/design" className="theme-switch" onSubmit={toggle}>
      <input type="hidden" name="redirectTo" value={returnPath} />
      <button type="submit" name="theme" value={next} className="theme-switch__button" aria-pressed={theme === "dark"}>
        <span className="theme-switch__track" aria-hidden="true">
          <span className="theme-switch__thumb" />
        </span>
        Dunkles Design
      </button>
    </form>
  );
}
