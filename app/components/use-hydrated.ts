import { useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { focusedField, restoreTypedFields } from "./typed-fields";

/*
 * Parts of the page that work differently with JavaScript (a dialog in place becomes a Radix
 * dialog, a plain field a richer one) switch in one render right after hydration. That moment is
 * held here, so the values typed before it can be carried across (typed-fields.ts).
 */

let hydrated = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called once the root has hydrated (root.tsx): switches every part at once, then puts back what
 * was typed and where focus was. Outside React's own work, so the switch happens before this returns.
 */
export function finishHydration() {
  if (hydrated) return;
  const focus = focusedField();
  flushSync(() => {
    hydrated = true;
    for (const listener of listeners) listener();
  });
  restoreTypedFields(focus);
}

/** False in the server render and until hydration has finished, true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
