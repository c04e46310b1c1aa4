import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DELETE_PARAM, deleteControlId, EDIT_PARAM, editControlId } from "~/lib/staff-forms";
import { useDialogHref } from "~/components/staff/use-staff-form";
import { BinIcon, PencilIcon } from "./icons";

/**
 * A control of a list item that opens one of its URL-driven dialogs. It is a link
 * (`?bearbeiten=<id>`, …) so the dialog also exists without JavaScript; its id lets
 * focus return to it when the dialog closes.
 */
export function DialogLink({
  param,
  itemId,
  controlId,
  className,
  label,
  title,
  children,
}: {
  param: string;
  itemId: string;
  controlId: string;
  className: string;
  /** The accessible name, naming the item. */
  label: string;
  title?: string;
  children: ReactNode;
}) {
  const href = useDialogHref(param, itemId);
  return (
    <Link id={controlId} to={href} preventScrollReset className={className} aria-label={label} title={title}>
      {children}
    </Link>
  );
}

/** The pencil and bin of a list item. */
export function StaffListActions({ id, title }: { id: string; title: string }) {
  return (
    <div className="staff-actions">
      <DialogLink param={EDIT_PARAM} itemId={id} controlId={editControlId(id)} className="staff-icon-button" label={`Bearbeiten: ${title}`} title="Bearbeiten">
        <PencilIcon />
      </DialogLink>
      <DialogLink
        param={DELETE_PARAM}
        itemId={id}
        controlId={deleteControlId(id)}
        className="staff-icon-button staff-icon-button--danger"
        label={`Löschen: ${title}`}
        title="Löschen"
      >
        <BinIcon />
      </DialogLink>
    </div>
  );
}
