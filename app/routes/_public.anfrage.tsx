import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Island } from "~/components/document/island";
import { usePageBusiness } from "~/components/shell/business";
import type { HydrationHandle } from "~/components/document/hydration";
import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import { EnquiryForm } from "~/components/enquiry/enquiry-form";
import { PageHeader } from "~/components/pages/page-header";
import { DirectContact } from "~/components/pages/direct-contact";
import { REFERENCE_PICTURE_PARAM, TOPIC_PARAM, topicFrom, topicOfCategories } from "~/lib/enquiry";
import { pictureData } from "~/components/pages/reference-picture";
import { pageMeta } from "~/lib/seo";
import { failureFor } from "~/lib/staff-forms";
import { mintFormToken } from "~/server/entities/job/enquiry-spam.server";
import { ENQUIRY_RETENTION_MONTHS } from "~/server/entities/job/enquiries.server";
import { referenceRead } from "~/server/entities/references.server";
import { projectPage } from "~/server/entities/projects.server";
import { PROJECT_PARAM } from "~/lib/projects";
import { readOnce } from "~/server/db/client.server";
import { submitEnquiry } from "~/server/web/enquiry-form.server";
import { invalidForm } from "~/server/web/staff-form.server";
import { PATHS } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle & HydrationHandle = { styles: [PAGE_STYLES.pages, PAGE_STYLES.fields, PAGE_STYLES.enquiry], islands: true };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Anfrage & Kostenvoranschlag",
    // Within the 160 characters a search result shows (issue 39: it had 192).
    description: "Fotos und ein paar Sätze zu Autositz, Lenkrad, Dachhimmel, Verdeck oder Oldtimer schicken: Wir melden uns in der Regel innerhalb eines Werktags mit einem Preis.",
    path: PATHS.enquiry,
  });

/** Remix keeps an action's headers off the page unless the route passes them on: the 429 keeps its Retry-After. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const passed = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) passed.set("Retry-After", retryAfter);
  return passed;
};

/**
 * The page is the same for everyone but for its preselected topic (`?thema=`) and the gallery
 * picture it is about (`?bezug=<id>`), so the edge cache keeps it (a picture's change empties
 * the cache); the time token in it is made fresh for every view (edge-cache.server.ts). A picture
 * that no public page shows (unknown, in the Papierkorb, still being prepared) is left out
 * silently: the form works as without it. Its categories choose the topic unless the link named one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const pictureId = params.get(REFERENCE_PICTURE_PARAM)?.trim();
  const projectSlug = params.get(PROJECT_PARAM)?.trim();
  const [picture, project, token] = await Promise.all([
    pictureId ? readOnce(context.db, referenceRead(context.db, pictureId, { forPages: true })) : null,
    projectSlug ? projectPage(context.db, projectSlug) : null,
    mintFormToken(context.db),
  ]);
  return {
    topic: topicFrom(params.get(TOPIC_PARAM)) ?? (picture ? topicOfCategories(picture.category) : null) ?? topicFrom(project?.title),
    reference: picture && { id: picture.id, description: picture.description, ...pictureData(picture) },
    project: project && { slug: project.slug, title: project.title, vehicle: project.vehicle },
    token,
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
  const { topic, reference, project, token, retentionMonths } = useLoaderData<typeof loader>();
  const failure = failureFor(useActionData<typeof action>(), "anfrage");
  const { search } = useLocation();
  const { phone } = usePageBusiness();
  return (
    <div className="page">
      <PageHeader title="Anfrage & Kostenvoranschlag">
        Fotos vom Schaden und ein paar Worte genügen: Wir melden uns meist innerhalb eines Werktags mit einem Richtpreis.
      </PageHeader>
      <div className="page__inner enquiry">
        <Island name="enquiry" component={EnquiryForm} props={{ token, topic, reference, project, failure, retentionMonths, search, phone }} />
        <aside className="enquiry__aside" aria-labelledby="lieber-direkt">
          <h2 id="lieber-direkt">Lieber direkt?</h2>
          <DirectContact />
        </aside>
      </div>
    </div>
  );
}
