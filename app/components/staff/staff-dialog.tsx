import { Form, useActionData, useNavigate } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { Dialog, DialogCancel } from "~/components/dialog";
import { TRASH_KEEP_DAYS } from "~/lib/activity";
import { deleteControlId, editControlId, failureFor, type FormFailure } from "~/lib/staff-forms";
import { useCloseHref, useFocusFirstError, useReturnFocus } from "~/components/staff/use-staff-form";
import { IntentFields, SubmitButton } from "./submit-button";

interface StaffDialogProps {
  open: boolean;
  title: string;
  /** The element that gets focus back when the dialog closes (usually the pencil or bin that opened it). */
  returnFocusId?: string;
  /** Used when that element no longer exists, e.g. after the item was deleted. */
  fallbackFocusId?: string;
  /** Puts focus on "Abbrechen" when the dialog opens (for dialogs without fields). */
  focusCancel?: boolean;
  /** "Schließen" where nothing is cancelled (a dialog of actions). */
  cancelLabel?: string;
  /** Along the bottom of a phone's screen (a sheet of actions); centred from 600 px. */
  sheet?: boolean;
  /** Receives the cancel control to place among the dialog's buttons. */
  children: (cancel: ReactNode) => ReactNode;
}

/**
 * A URL-driven dialog of the staff pages: closing it (Abbrechen, Escape, overlay)
 * navigates to the page without the dialog parameter inside the app, and focus goes
 * back to the control that opened it. Without JavaScript "Abbrechen" is a link.
 */
export function StaffDialog({
  open,
  title,
  returnFocusId,
  fallbackFocusId,
  focusCancel = false,
  cancelLabel,
  sheet = false,
  children,
}: StaffDialogProps) {
  const closeHref = useCloseHref();
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  useReturnFocus(open, returnFocusId, fallbackFocusId);
  // Without JavaScript the fragment brings the reader back to the item they came from.
  const cancelHref = returnFocusId ? `${closeHref}#${returnFocusId}` : closeHref;

  return (
    <Dialog open={open} title={title} onClose={close} sheet={sheet}>
      {children(
        <DialogCancel href={cancelHref} onClose={close} autoFocus={focusCancel}>
          {cancelLabel}
        </DialogCancel>,
      )}
    </Dialog>
  );
}

/** What every delete confirmation says since deleting moves an item to the Papierkorb (decision 016). */
export const TRASH_NOTE = `Es kommt in den Papierkorb und lässt sich dort ${TRASH_KEEP_DAYS} Tage lang wiederherstellen.`;

/**
 * "Löschbestätigung" for one list item (`?loeschen=<id>`): posts intent=delete with its
 * id. Closing it returns focus to the item's bin, or to `fallbackFocusId` once the item
 * is gone.
 */
export function ConfirmDeleteDialog({
  item,
  text,
  fallbackFocusId,
  intent = "delete",
  returnFocusId = deleteControlId,
  note = TRASH_NOTE,
  confirmLabel = "Löschen",
  title = "Löschbestätigung",
}: {
  /** Its title is named under the question, so it is clear which item goes. */
  item: { id: string; title: string } | null;
  /** The question, e.g. "Bist du sicher, dass du diese Nachricht löschen möchtest?" */
  text: string;
  fallbackFocusId?: string;
  /** For a page with a second list (the Bilder page's categories). */
  intent?: string;
  returnFocusId?: (id: string) => string;
  /** What follows: by default, that the item can be restored from the Papierkorb. */
  note?: string;
  /** The confirming button ("Endgültig löschen" in the Papierkorb, "Entfernen" on the Team page). */
  confirmLabel?: string;
  title?: string;
}) {
  return (
    <StaffDialog
      open={Boolean(item)}
      title={title}
      returnFocusId={item ? returnFocusId(item.id) : undefined}
      fallbackFocusId={fallbackFocusId}
      focusCancel
    >
      {(cancel) =>
        item ? (
          <Form method="post" preventScrollReset className="staff-dialog-form">
            <p className="staff-dialog__text">{text}</p>
            <p className="staff-dialog__item">{item.title}</p>
            <p className="staff-dialog__note">{note}</p>
            <IntentFields intent={intent} id={item.id} />
            <div className="staff-dialog__buttons">
              {cancel}
              <SubmitButton intent={intent} id={item.id} variant="danger" pendingLabel={`${confirmLabel}…`}>
                {confirmLabel}
              </SubmitButton>
            </div>
          </Form>
        ) : null
      }
    </StaffDialog>
  );
}

/**
 * "Bearbeiten" for one list item (`?bearbeiten=<id>`): a form that posts intent=update
 * with the id. A failed submission comes back filled in with focus on the first invalid
 * field; closing returns focus to the item's pencil.
 */
export function EditDialog<T extends { id: string }>({
  item,
  title = "Bearbeiten",
  intent = "update",
  returnFocusId = editControlId,
  children,
}: {
  item: T | null;
  title?: string;
  /** For a page with a second list (the Bilder page's categories). */
  intent?: string;
  returnFocusId?: (id: string) => string;
  /** The fields, given the item and the failed submission to show again. */
  children: (state: { item: T; failure?: FormFailure }) => ReactNode;
}) {
  const actionData = useActionData();
  const failure = item ? failureFor(actionData, intent, item.id) : undefined;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
    <StaffDialog open={Boolean(item)} title={title} returnFocusId={item ? returnFocusId(item.id) : undefined}>
      {(cancel) =>
        item ? (
          <Form key={item.id} ref={form} method="post" className="staff-dialog-form" preventScrollReset>
            <IntentFields intent={intent} id={item.id} />
            {children({ item, failure })}
            <div className="staff-dialog__buttons">
              {cancel}
              <SubmitButton intent={intent} id={item.id} pendingLabel="Bestätigen…">
                Bestätigen
              </SubmitButton>
            </div>
          </Form>
        ) : null
      }
    </StaffDialog>
  );
}
