import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "~/lib/toast";
import type { Business } from "~/server/entities/business.server";

/**
 * What the staff shell's loader (app/routes/intern.tsx) gives every staff page. Declared here,
 * beside the components that read it, so they never import a route.
 */
export interface StaffShellData {
  toast: Toast | null;
  /** How many enquiries are "Neu"; null when nobody is signed in. */
  newEnquiries: number | null;
  /** The "Neu" enquiry waiting longest, which the staff banner links to; null when none is (or nobody is signed in). */
  oldestNewEnquiry: string | null;
  /** Customers who answered on their status page and staff have not acted since: how many, and the latest (app/lib/job.ts). */
  customerAnswers: { count: number; id: string; name: string } | null;
  /** The business record (decision 020): the navigation's line under "Meisterbetrieb", the reply's signature. */
  business: Business;
  /** The first field the Impressum still needs while the record holds the demo's stand-ins (the red band); null when none is, or nobody is signed in. */
  launchGuard: { key: string; label: string } | null;
}

/** The staff shell's data, or undefined outside the staff area. */
export const useStaffShellData = () => useRouteLoaderData<StaffShellData>("routes/intern");
