import { useEffect, useState } from "react";
import { TOAST_TIMEOUT_MS, type Toast } from "~/lib/toast";

/**
 * Shows the toast a staff action left in its flash cookie. The live region exists from
 * the first render so screen readers announce each new message.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast[]>(toast ? [toast] : []);

  useEffect(() => {
    if (toast) setVisible((current) => (current.some((item) => item.id === toast.id) ? current : [...current, toast]));
  }, [toast]);

  useEffect(() => {
    if (visible.length === 0) return;
    const timer = setTimeout(() => setVisible((current) => current.slice(1)), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  const dismiss = (id: string) => setVisible((current) => current.filter((item) => item.id !== id));

  return (
    <div className="toaster" aria-live="polite" role="status">
      {visible.map((item) => (
        <div key={item.id} className={`toast toast--${item.type}`}>
          {item.title ? <strong className="toast__title">{item.title}</strong> : null}
          <p className="toast__body">{item.body}</p>
          <button type="button" className="toast__close" aria-label="Hinweis schließen" onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
