import { Form, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "~/components/dialog";
import { deleteControlId, editControlId, useCloseHref, useReturnFocus } from "~/lib/admin-client";
import { useHydrated } from "~/lib/use-hydrated";
import { IntentFields, SubmitButton } from "./submit-button";

interface AdminDialogProps {
  open: boolean;
  title: string;
  /** The element that gets focus back when the dialog closes (usually the pencil or bin that opened it). */
  returnFocusId?: string;
  /** Used when that element no longer exists, e.g. after the item was deleted. */
  fallbackFocusId?: string;
  maxWidth?: number;
  fullScreen?: boolean;
  /** Puts focus on "Abbrechen" when the dialog opens (for dialogs without fields). */
  focusCancel?: boolean;
  /** Receives the cancel control to place among the dialog's buttons. */
  children: (cancel: ReactNode) => ReactNode;
}

/**
 * A URL-driven dialog of the staff pages: closing it (Abbrechen, Escape, overlay)
 * navigates to the page without the dialog parameter inside the app, and focus goes
 * back to the control that opened it. Without JavaScript "Abbrechen" is a link.
 */
export function AdminDialog({
  open,
  title,
  returnFocusId,
  fallbackFocusId,
  maxWidth = 500,
  fullScreen,
  focusCancel = false,
  children,
}: AdminDialogProps) {
  const hydrated = useHydrated();
  const closeHref = useCloseHref();
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  useReturnFocus(open, returnFocusId, fallbackFocusId);
  // Without JavaScript the fragment brings the reader back to the item they came from.
  const cancelHref = returnFocusId ? `${closeHref}#${returnFocusId}` : closeHref;

  return (
    <Dialog open={open} title={title} onClose={close} maxWidth={maxWidth} fullScreen={fullScreen}>
      {children(
        hydrated ? (
          <button type="button" className="button button--secondary" onClick={close} autoFocus={focusCancel}>
            Abbrechen
          </button>
        ) : (
          <a href={cancelHref} className="button button--secondary" autoFocus={focusCancel}>
            Abbrechen
          </a>
        ),
      )}
    </Dialog>
  );
}

/**
 * "Löschbestätigung" for one list item: posts intent=delete with the id to the
 * page's action (or to `action`). Closing it returns focus to the item's bin, or to
 * `fallbackFocusId` once the item is gone.
 */
export function ConfirmDeleteDialog({
  open,
  id,
  text,
  itemTitle,
  fallbackFocusId,
  action,
}: {
  open: boolean;
  id: string;
  /** The question, e.g. "Bist du sicher, dass du diese Nachricht löschen möchtest?" */
  text: string;
  /** Named under the question so it is clear which item goes. */
  itemTitle?: string;
  fallbackFocusId?: string;
  action?: string;
}) {
  return (
    <AdminDialog
      open={open}
      title="Löschbestätigung"
      returnFocusId={deleteControlId(id)}
      fallbackFocusId={fallbackFocusId}
      focusCancel
    >
      {(cancel) => (
        <Form method="post" action={action} preventScrollReset className="admin-dialog-form">
          <p className="admin-dialog__text">{text}</p>
          {itemTitle ? <p className="admin-dialog__item">{itemTitle}</p> : null}
          <IntentFields intent="delete" id={id} />
          <div className="admin-dialog__buttons">
            {cancel}
            <SubmitButton intent="delete" id={id} variant="danger" pendingLabel="Löschen…">
              Löschen
            </SubmitButton>
          </div>
        </Form>
      )}
    </AdminDialog>
  );
}

export { editControlId, deleteControlId };
