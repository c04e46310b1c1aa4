import * as RadixDialog from "@radix-ui/react-dialog";
import { useId, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";

interface DialogProps {
  /** Usually derived from the URL (`?bearbeiten=<id>`), so the dialog also exists without JavaScript. */
  open: boolean;
  title: string;
  /** Escape or a click on the overlay; a URL-driven dialog navigates to the page without its parameter. */
  onClose: () => void;
  maxWidth?: number;
  fullScreen?: boolean;
  /** Along the bottom of a phone's screen, centred from 600 px (global.css). */
  sheet?: boolean;
  children: ReactNode;
}

/**
 * A Radix dialog once JavaScript runs; before that (or without JavaScript) the same
 * content is rendered in place, so every form inside it can still be submitted.
 */
export function Dialog({ open, title, onClose, maxWidth = 500, fullScreen = false, sheet = false, children }: DialogProps) {
  const hydrated = useHydrated();
  const titleId = useId();
  const style = fullScreen ? undefined : { maxWidth };
  const className = fullScreen ? "dialog dialog--fullscreen" : sheet ? "dialog dialog--sheet" : "dialog";

  if (!hydrated) {
    if (!open) return null;
    return (
      <div className="dialog-overlay dialog-overlay--static">
        <section role="dialog" aria-modal="true" aria-labelledby={titleId} className={className} style={style}>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children}
        </section>
      </div>
    );
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={className}
          style={style}
          aria-describedby={undefined}
          onInteractOutside={keepOpenForToasts}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Dismissing a toast is not a wish to close the dialog underneath it. */
function keepOpenForToasts(event: { target: EventTarget | null; preventDefault: () => void }) {
  if (event.target instanceof Element && event.target.closest(".toaster")) event.preventDefault();
}

/** A cancel control that works as a link without JavaScript and closes the dialog with it. */
export function DialogCancel({
  href,
  onClose,
  autoFocus,
  children = "Abbrechen",
}: {
  href: string;
  onClose?: () => void;
  /** For dialogs without fields, where cancelling is the safe first choice. */
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  if (hydrated && onClose) {
    return (
      <button type="button" className="button button--secondary" onClick={onClose} autoFocus={autoFocus}>
        {children}
      </button>
    );
  }
  return (
    <a href={href} className="button button--secondary" autoFocus={autoFocus}>
      {children}
    </a>
  );
}
