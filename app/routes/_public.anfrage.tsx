import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { HydrationHandle } from "~/components/document/hydration";
import type { StylesHandle } from "~/components/document/inline-styles";
import { EnquiryForm } from "~/components/enquiry/enquiry-form";
import { PageHeader } from "~/components/pages/page-header";
import { DirectContact } from "~/components/pages/direct-contact";
import { TOPIC_PARAM, topicFrom } from "~/lib/enquiry";
import { pageMeta } from "~/lib/seo";
import { failureFor } from "~/lib/staff-forms";
import { mintFormToken } from "~/server/entities/enquiry-spam.server";
import { ENQUIRY_RETENTION_MONTHS } from "~/server/entities/enquiries.server";
import { submitEnquiry } from "~/server/web/enquiry-form.server";
import { invalidForm } from "~/server/web/staff-form.server";
import enquiryStyles from "~/styles/enquiry.css?inline";
import fieldStyles from "~/styles/fields.css?inline";
import pageStyles from "~/styles/pages.css?inline";
import { PATHS } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle & HydrationHandle = { styles: [pageStyles, fieldStyles, enquiryStyles], hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, (business) => ({
    title: "Anfrage & Kostenvoranschlag",
    description: `Schicken Sie ${business.name} Fotos und eine kurze Beschreibung – Autositze, Lenkrad, Dachhimmel, Cabrioverdeck oder Oldtimer. Wir melden uns in der Regel innerhalb eines Werktags.`,
    path: PATHS.enquiry,
  }));

/** Remix keeps an action's headers off the page unless the route passes them on: the 429 keeps its Retry-After. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const passed = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) passed.set("Retry-After", retryAfter);
  return passed;
};

/**
 * The page is the same for everyone but for its preselected topic (`?thema=`), so the edge
 * cache keeps it; the time token in it is made fresh for every view (edge-cache.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    topic: topicFrom(new URL(request.url).searchParams.get(TOPIC_PARAM)),
    token: await mintFormToken(context.db),
    retentionMonths: ENQUIRY_RETENTION_MONTHS,
  };
}

/** The form without JavaScript: to the confirmation, or back filled in with the messages at the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await submitEnquiry(request, context);
  if (answer.ok) return redirect(answer.location);
  return invalidForm({ intent: "anfrage", values: answer.values }, answer, { status: answer.status, headers: answer.headers });
}

export default function EnquiryPage() {
  const { topic, token, retentionMonths } = useLoaderData<typeof loader>();
  const failure = failureFor(useActionData<typeof action>(), "anfrage");
  return (
    <div className="page">
      <PageHeader title="Anfrage & Kostenvoranschlag">
        Beschreiben Sie uns kurz, was Sie vorhaben – am besten mit ein paar Fotos. Wir melden uns in der Regel innerhalb
        eines Werktags.
      </PageHeader>
      <div className="page__inner enquiry">
        <EnquiryForm token={token} topic={topic} failure={failure} retentionMonths={retentionMonths} />
        <aside className="enquiry__aside" aria-labelledby="lieber-direkt">
          <h2 id="lieber-direkt">Lieber direkt?</h2>
          <DirectContact />
        </aside>
      </div>
    </div>
  );
}
