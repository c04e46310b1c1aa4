import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { IntentFields } from "~/components/staff/submit-button";
import { DELETE_PARAM, deleteControlId, searchWith } from "~/lib/staff-forms";
import type { ShownEnquiry } from "./shown-enquiry";
import { StatusButton } from "./status-buttons";

export const MORE_ACTIONS_ID = "weitere-aktionen";

/**
 * What is done rarely, folded away (a native disclosure, so also without JavaScript): what the
 * card puts here (a new status link), filing as Spam, and "Löschen", which still asks first
 * (`?loeschen=<id>`).
 */
export function MoreActions({ enquiry, children }: { enquiry: ShownEnquiry; children?: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <details className="more-actions">
      <summary id={MORE_ACTIONS_ID} className="more-actions__summary">
        Weitere Aktionen
      </summary>
      <div className="more-actions__body">
        {children}
        <Form method="post" preventScrollReset>
          <IntentFields intent="status" id={enquiry.id} />
          <StatusButton enquiry={enquiry} status="spam" label="Als Spam einordnen" />
        </Form>
        <Link
          to={`${pathname}${searchWith(search, { [DELETE_PARAM]: enquiry.id })}`}
          id={deleteControlId(enquiry.id)}
          className="button button--danger"
          preventScrollReset
        >
          Löschen
        </Link>
      </div>
    </details>
  );
}
