import { Link } from "@remix-run/react";
import { DELETE_PARAM, deleteControlId, EDIT_PARAM, editControlId } from "~/lib/staff-forms";
import { useDialogHref } from "~/components/admin/use-staff-form";
import { BinIcon, PencilIcon } from "./icons";

/**
 * The pencil and bin of a list item. They are links (`?bearbeiten=<id>`,
 * `?loeschen=<id>`) so the dialogs they open also exist without JavaScript; their
 * ids let focus return to them when the dialog closes.
 */
export function AdminListActions({ id, title }: { id: string; title: string }) {
  const editHref = useDialogHref(EDIT_PARAM, id);
  const deleteHref = useDialogHref(DELETE_PARAM, id);
  return (
    <div className="admin-actions">
      <Link
        id={editControlId(id)}
        to={editHref}
        preventScrollReset
        className="admin-icon-button"
        aria-label={`Bearbeiten: ${title}`}
        title="Bearbeiten"
      >
        <PencilIcon />
      </Link>
      <Link
        id={deleteControlId(id)}
        to={deleteHref}
        preventScrollReset
        className="admin-icon-button admin-icon-button--danger"
        aria-label={`Löschen: ${title}`}
        title="Löschen"
      >
        <BinIcon />
      </Link>
    </div>
  );
}
