import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import type { HydrationHandle } from "~/components/document/hydration";
import { BusinessProvider } from "~/components/shell/business";
import { GeneralErrorBoundary } from "~/components/shell/error-boundary";
import { Navbar } from "~/components/shell/navbar";
import type { StaffShellData } from "~/components/shell/staff-shell-data";
import { LaunchGuardBanner } from "~/components/staff/launch-guard-banner";
import { CustomerAnswersBanner, NewEnquiriesBanner } from "~/components/staff/new-enquiries-banner";
import { Toaster } from "~/components/toaster";
import type { Toast } from "~/lib/toast";
import { getBusiness } from "~/server/entities/business.server";
import { newEnquiries } from "~/server/entities/job/enquiries.server";
import { latestAnswer } from "~/server/entities/job/job-flow.server";
import { firstMissingForImpressum } from "~/server/web/launch-guard.server";
import { getStaffUser } from "~/server/web/staff-session.server";
import { readToast } from "~/server/web/toast.server";
import staffStyles from "~/styles/staff.css?url";

/*
 * The staff area's shell: the staff navigation (not on the login page, SPEC §2), no footer,
 * and the toasts (SPEC §8: toasts belong to the staff area only). Its styles are shared by
 * every /intern page. No session check here: Remix runs loaders in parallel, so each page
 * checks the session in its own loader and action.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

/** The staff area is an application: every page of it hydrates (decision 018). */
export const handle: HydrationHandle = { hydrate: true };

/** What a staff page's `handle` may say about the shell around it. */
export interface StaffShellHandle {
  /** The login page stands alone: no navigation bar (SPEC §2). */
  withoutNavbar?: boolean;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast({ request, context });
  // The staff navigation's "Anfragen" and the banner show how many are new; only to a signed-in staff member.
  const signedIn = !!(await getStaffUser(request, context));
  const [waiting, answers] = signedIn ? await Promise.all([newEnquiries(context.db), latestAnswer(context.db)]) : [null, null];
  // The navigation's and the login's line under "Meisterbetrieb", the reply's signature (decision 020).
  const business = await getBusiness(context.db);
  const launchGuard = signedIn ? firstMissingForImpressum(business) : null;
  return data<StaffShellData>(
    { toast, newEnquiries: waiting?.count ?? null, oldestNewEnquiry: waiting?.oldestId ?? null, customerAnswers: answers, business, launchGuard },
    { headers },
  );
}

/** Every staff navigation may bring a toast (a redirect after an action, a dialog link to a deleted item). */
export const shouldRevalidate = () => true;

function StaffShell({
  children,
  toast,
  waiting,
  answers = null,
  launchGuard = null,
}: {
  children: ReactNode;
  toast: Toast | null;
  waiting?: { count: number | null; oldestId: string | null };
  answers?: StaffShellData["customerAnswers"];
  launchGuard?: StaffShellData["launchGuard"];
}) {
  const matches = useMatches();
  const { withoutNavbar = false } = (matches[matches.length - 1]?.handle ?? {}) as StaffShellHandle;
  return (
    <>
      <a href="#inhalt" className="skip-link">
        Zum Inhalt springen
      </a>
      {withoutNavbar ? null : <Navbar area="staff" />}
      <main id="inhalt" tabIndex={-1}>
        <LaunchGuardBanner missing={launchGuard} />
        {waiting ? <NewEnquiriesBanner {...waiting} /> : null}
        <CustomerAnswersBanner answers={answers} />
        {children}
      </main>
      <Toaster toast={toast} />
    </>
  );
}

export default function StaffLayout() {
  const { toast, newEnquiries, oldestNewEnquiry, customerAnswers, business, launchGuard } = useLoaderData<typeof loader>();
  return (
    <BusinessProvider value={business}>
      <StaffShell toast={toast} waiting={{ count: newEnquiries, oldestId: oldestNewEnquiry }} answers={customerAnswers} launchGuard={launchGuard}>
        <Outlet />
      </StaffShell>
    </BusinessProvider>
  );
}

/** An error in a staff page shows inside the staff layout with its styles. */
export function ErrorBoundary() {
  return (
    <StaffShell toast={null}>
      <GeneralErrorBoundary />
    </StaffShell>
  );
}
