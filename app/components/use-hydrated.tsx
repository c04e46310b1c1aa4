import { Component, createContext, type ReactNode, startTransition, useContext, useEffect, useState } from "react";
import { focusedField, restoreTypedFields } from "./typed-fields";

/*
 * Parts of the page that work differently with JavaScript (a dialog in place becomes a Radix
 * dialog, a plain field a richer one) switch right after hydration. The switch is a transition
 * (issue 41): React renders it in slices with the browser free in between, so it is no long task
 * however many parts wait for it; only its commit is one piece. The values typed until that commit
 * are carried across (typed-fields.ts).
 */

const HydratedContext = createContext(false);

/**
 * Puts back what was typed, and where focus was, in the commit that switched the parts: focus is
 * read before React changes the DOM (`getSnapshotBeforeUpdate`), the values once it has.
 */
class KeepTypedFields extends Component<{ hydrated: boolean; onSwitched?: () => void }> {
  getSnapshotBeforeUpdate(previous: { hydrated: boolean }) {
    return !previous.hydrated && this.props.hydrated ? focusedField() : null;
  }

  componentDidUpdate(previous: { hydrated: boolean }, _state: unknown, focus: ReturnType<typeof focusedField>) {
    if (previous.hydrated || !this.props.hydrated) return;
    // After the commit's own follow-ups: a dialog's portal mounts its fields from a layout effect, one render later.
    queueMicrotask(() => {
      restoreTypedFields(focus);
      this.props.onSwitched?.();
    });
  }

  render() {
    return null;
  }
}

/**
 * Around the whole document (root.tsx) or an island (islands.client.tsx): false in the server
 * render and during hydration, true once hydration is done; `onSwitched` follows that commit.
 */
export function HydrationProvider({ children, onSwitched }: { children: ReactNode; onSwitched?: () => void }) {
  const [hydrated, setHydrated] = useState(false);
  // The root's effect runs after every part's own, so the switch follows React's whole hydration.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return (
    <HydratedContext.Provider value={hydrated}>
      {children}
      <KeepTypedFields hydrated={hydrated} onSwitched={onSwitched} />
    </HydratedContext.Provider>
  );
}

/** False in the server render and until hydration has finished, true from then on. */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
