import { useNavigate } from "@remix-run/react";
import { ViewerDialog, type ViewerDialogProps, type ViewerImage } from "./viewer-dialog";

export type { ViewerImage };

/** The viewer on a page the router runs (the staff area): each step replaces the address in place. */
export function ImageViewer(props: Omit<ViewerDialogProps, "navigate">) {
  const navigate = useNavigate();
  return <ViewerDialog {...props} navigate={(href) => void navigate(href, { replace: true, preventScrollReset: true })} />;
}
