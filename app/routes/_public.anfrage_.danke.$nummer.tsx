import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { StylesHandle } from "~/components/document/inline-styles";
import { PageHeader } from "~/components/pages/page-header";
import { REFERENCE_PATTERN } from "~/lib/enquiry";
import { pageMeta } from "~/lib/seo";
import { telHref } from "~/lib/phone";
import { usePageBusiness } from "~/components/shell/business";
import enquiryStyles from "~/styles/enquiry.css?inline";
import pageStyles from "~/styles/pages.css?inline";

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle = { styles: [pageStyles, enquiryStyles] };

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Anfrage angekommen", description: "Ihre Anfrage ist bei uns angekommen.", path: "/anfrage" }),
  { name: "robots", content: "noindex" },
];

/**
 * The confirmation after sending (`/anfrage/danke/A-2026-0042`). The number is only shown
 * back, never looked up: the page holds nothing of the enquiry, so it is the same for
 * everyone who opens the address.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const reference = params.nummer ?? "";
  if (!REFERENCE_PATTERN.test(reference)) throw new Response("Diese Seite gibt es nicht.", { status: 404 });
  return { reference };
}

export default function EnquiryConfirmation() {
  const { reference } = useLoaderData<typeof loader>();
  const { phone } = usePageBusiness();
  return (
    <div className="page">
      <PageHeader title="Vielen Dank!" />
      <section className="page__inner enquiry-done" aria-labelledby="angekommen-title">
        <h2 id="angekommen-title">
          Ihre Anfrage <span className="enquiry-done__reference">{reference}</span> ist angekommen.
        </h2>
        <p>
          Wir melden uns in der Regel innerhalb eines Werktags – per E-Mail oder telefonisch, so wie Sie es angegeben
          haben. Bitte halten Sie die Nummer bereit, wenn Sie uns deswegen anrufen.
        </p>
        <p>
          Eine Einschätzung nach Fotos ist ein erster Kostenvoranschlag: Der endgültige Preis kann sich ändern, wenn wir das
          Stück in der Werkstatt gesehen haben.
        </p>
        <p>
          Eilt es? Rufen Sie uns an: <a href={telHref(phone)}>{phone}</a>
        </p>
        <p className="page-cta__actions enquiry-done__actions">
          <Link to="/" className="button">
            Zur Startseite
          </Link>
          <Link to="/referenz" className="button button--secondary">
            Referenzen ansehen
          </Link>
        </p>
      </section>
    </div>
  );
}
