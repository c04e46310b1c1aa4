import { useEffect, useRef, useState } from "react";
import { TOAST_TIMEOUT_MS, type Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
let counter = 0;

/**
 * Shows a toast from the browser, for outcomes that do not pass through the flash
 * cookie (a form answered with an error instead of a redirect).
 */
export function showToast(toast: Omit<Toast, "id">) {
  counter += 1;
  const item = { ...toast, id: `client-${counter}` };
  for (const listener of listeners) listener(item);
}

/**
 * Shows the toast a staff action left in its flash cookie, and those raised with
 * `showToast`. The live region exists from the first render so screen readers
 * announce each new message.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast[]>(toast ? [toast] : []);

  const add = (item: Toast) =>
    setVisible((current) => (current.some((existing) => existing.id === item.id) ? current : [...current, item]));

  useEffect(() => {
    if (toast) add(toast);
  }, [toast]);

  useEffect(() => {
    listeners.add(add);
    return () => {
      listeners.delete(add);
    };
  }, []);

  const dismiss = (id: string) => setVisible((current) => current.filter((item) => item.id !== id));

  return (
    <div className="toaster" aria-live="polite" role="status">
      {visible.map((item) => (
        <ToastItem key={item.id} toast={item} onDismiss={() => dismiss(item.id)} />
      ))}
    </div>
  );
}

/** Disappears after 5000 ms; the countdown pauses while the pointer or focus is on it, so it can be read and closed. */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_TIMEOUT_MS);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused]);

  return (
    <div
      // Without JavaScript a CSS animation hides the toast after the same 5000 ms.
      className={`toast toast--${toast.type}${hydrated ? "" : " toast--auto-hide"}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
      <p className="toast__body">{toast.body}</p>
      {hydrated ? (
        <button type="button" className="toast__close" aria-label="Hinweis schließen" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
