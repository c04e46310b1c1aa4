import { useEffect, useRef } from "react";

/**
 * Gives focus back to the control that opened a dialog once it closes. Radix returns focus
 * only to its own trigger, and these dialogs open from links (the URL) or from page state.
 * When that control is gone or disabled (a deleted image, a finished upload), focus goes
 * to `fallback` instead of the start of the page.
 */
export function useFocusReturn(open: boolean, fallback: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]')) opener.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    // Runs after Radix has finished closing, which leaves focus on the body.
    const timer = setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const previous = opener.current;
      const usable = previous?.isConnected && !previous.matches(":disabled");
      (usable ? previous : fallback())?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open, fallback]);
}
