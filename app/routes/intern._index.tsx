import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { BusinessCompleteness } from "~/components/staff/business-completeness";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { StartOverview } from "~/components/staff/start-overview";
import { businessGaps, dismissWebsiteChange } from "~/server/entities/business.server";
import { countNewEnquiries } from "~/server/entities/job/enquiries.server";
import { directWrite, staffAction } from "~/server/web/staff-form.server";
import { type ShownWebsiteChange, shownWebsiteChanges, staffStartOverview } from "~/server/web/staff-start.server";
import stepStyles from "~/styles/enquiry-steps.css?url";
import { getStaffUser, requireStaffForAction } from "~/server/web/staff-session.server";

export const meta: MetaFunction = () => staffPageMeta("Start");

/** Today's drop-offs are listed as on the Termine page. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: stepStyles }];

/**
 * The staff area's start: the few things staff do most, as large buttons a thumb hits between
 * jobs. Without a session the login, which returns here afterwards (SPEC §2's container entry
 * used to lead straight to News; issue 20).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getStaffUser(request, context);
  if (!user) throw redirect(`${PATHS.staffLogin}?weiter=${encodeURIComponent(PATHS.staff)}`);
  const [newEnquiries, overview, gaps, websiteChanges] = await Promise.all([
    countNewEnquiries(context.db),
    staffStartOverview(context.db),
    businessGaps(context.db),
    shownWebsiteChanges(context.db, user.id),
  ]);
  return { newEnquiries, overview, businessGaps: gaps, websiteChanges };
}

const WEBSITE_SEEN = "website-gesehen";

/** "Gesehen" under a change of the website address: it leaves this staff member's start page (Post/Redirect/Get with a toast). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  return staffAction({ request, context }, await request.formData(), {
    [WEBSITE_SEEN]: directWrite((posted) => dismissWebsiteChange(context.db, user.id, Number(posted.id)), {
      toast: { type: "success", body: "Als gesehen vermerkt." },
    }),
  });
}

const ACTIONS = [
  { to: PATHS.staffPictures, title: "Fotos hochladen", text: "Aufnehmen oder auswählen, für Galerie und Startseite" },
  { to: `${PATHS.staffNews}#neuigkeit-neu`, title: "Neuigkeit schreiben", text: "Erscheint auf der Startseite" },
  { to: PATHS.staffAlerts, title: "Wichtige Information", text: "Hinweis mit Start und Ende, z. B. Betriebsferien" },
  { to: PATHS.staffOpening, title: "Öffnungszeiten", text: "Woche und Sonderzeiten" },
] as const;

export default function StaffStart() {
  const { newEnquiries, overview, businessGaps, websiteChanges } = useLoaderData<typeof loader>();
  return (
    <div className="staff-page">
      <h1>Was steht an?</h1>
      {websiteChanges.map((change) => (
        <WebsiteChange key={change.id} change={change} />
      ))}
      <ul className="staff-start">
        <li>
          <Link to={PATHS.staffEnquiries} className="staff-start__action staff-start__action--primary">
            <span className="staff-start__title">
              Anfragen
              {newEnquiries ? <span className="nav-badge">{newEnquiries} neu</span> : null}
            </span>
            <span className="staff-start__text">{enquiriesTileText(newEnquiries, overview.answeredCount)}</span>
          </Link>
        </li>
        {ACTIONS.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="staff-start__action">
              <span className="staff-start__title">{action.title}</span>
              <span className="staff-start__text">{action.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {/* Below the daily actions, which stay in a phone's first screen; until the Impressum is complete. */}
      <BusinessCompleteness missing={businessGaps} />
      <StartOverview overview={overview} />
      <p className="staff-more">
        <Link to={PATHS.staffBusiness} className="standalone-link">
          Betrieb: Adresse, Telefon, Impressum
        </Link>
        <Link to="/" className="standalone-link">
          Zur Website
        </Link>
      </p>
    </div>
  );
}

/** What waits in the inbox: a customer's answer counts as much as a new enquiry. */
function enquiriesTileText(newEnquiries: number, answers: number): string {
  if (answers > 0) return answers === 1 ? "1 Antwort wartet auf Sie" : `${answers} Antworten warten auf Sie`;
  return newEnquiries ? "Kunden warten auf Antwort" : "Keine neuen Anfragen";
}

/** A colleague changed the website address, which every customer link starts with: shown until this staff member has seen it. */
function WebsiteChange({ change }: { change: ShownWebsiteChange }) {
  return (
    <section className="staff-section enquiry-notice" aria-labelledby={`website-${change.id}`}>
      <h2 id={`website-${change.id}`}>Neue Adresse der Website</h2>
      <p>
        {change.changedBy} hat am {change.at} Uhr die Adresse der Website geändert: von {change.previous} auf{" "}
        <strong>{change.website}</strong>. Alle Links an Kunden (Statusseite, E-Mails) beginnen jetzt mit der neuen Adresse.
        Stimmt das nicht, bitte unter „Betrieb“ korrigieren.
      </p>
      <Form method="post">
        <IntentFields intent={WEBSITE_SEEN} id={String(change.id)} />
        <SubmitButton intent={WEBSITE_SEEN} id={String(change.id)} variant="secondary">
          Gesehen
        </SubmitButton>
      </Form>
    </section>
  );
}
