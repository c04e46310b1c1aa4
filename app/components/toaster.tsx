import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { TOAST_TIMEOUT_MS, type Toast } from "~/lib/toast";
import { useHydrated } from "~/components/use-hydrated";

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
/** Raised before the toaster listens: a page's effects run before those of the toaster after it. */
let pending: Toast[] = [];
let counter = 0;

/**
 * Shows a toast from the browser, for outcomes that do not pass through the flash
 * cookie (a form answered with an error instead of a redirect).
 */
export function showToast(toast: Omit<Toast, "id">) {
  counter += 1;
  const item = { ...toast, id: `client-${counter}` };
  if (listeners.size === 0) pending.push(item);
  for (const listener of listeners) listener(item);
}

interface Shown {
  page: string;
  flashId: string | undefined;
  items: Toast[];
  /** A submission or navigation started since: the next message replaces these. */
  stale: boolean;
}

/**
 * Shows the toast a staff action left in its flash cookie, and those raised with
 * `showToast`. Each page view shows only its own messages, so an old one does not stand
 * beside the outcome that followed it: another address or a new flash toast (the
 * redirect after a write) replaces what was shown, and so does the error of a form sent
 * since (answered on the same address, without a redirect). The live region exists
 * from the first render so screen readers announce each new message.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { pathname, search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const page = pathname + search;
  const [shown, setShown] = useState<Shown>({ page, flashId: toast?.id, items: toast ? [toast] : [], stale: false });

  // Decided while rendering, before the page's effects raise toasts for the new view.
  if (shown.page !== page || shown.flashId !== toast?.id) {
    const freshFlash = toast !== null && toast.id !== shown.flashId;
    const items = freshFlash ? [toast] : shown.page === page ? shown.items : [];
    setShown({ page, flashId: toast?.id, items, stale: false });
  } else if (busy && !shown.stale) {
    setShown({ ...shown, stale: true });
  }

  useEffect(() => {
    const add = (item: Toast) =>
      setShown((current) => ({ ...current, stale: false, items: current.stale ? [item] : [...current.items, item] }));
    listeners.add(add);
    pending.forEach(add);
    pending = [];
    return () => {
      listeners.delete(add);
    };
  }, []);

  const dismiss = (id: string) =>
    setShown((current) => ({ ...current, items: current.items.filter((item) => item.id !== id) }));

  return (
    <div className="toaster" aria-live="polite" role="status">
      {shown.items.map((item) => (
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
      <ToastIcon type={toast.type} />
      <div className="toast__content">
        {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
        <p className="toast__body">{toast.body}</p>
      </div>
      {hydrated ? (
        <button type="button" className="toast__close" aria-label="Hinweis schließen" onClick={onDismiss}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/** A tick or an exclamation mark, so success and error differ by more than colour. */
function ToastIcon({ type }: { type: Toast["type"] }) {
  return (
    <svg className="toast__icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.18" />
      {type === "success" ? (
        <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M12 6.5v7M12 17.5v.01" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      )}
    </svg>
  );
}
