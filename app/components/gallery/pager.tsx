import { Link } from "@remix-run/react";
import { pageWindow } from "~/lib/page-window";

/**
 * Zurück, page numbers (with gaps) and Weiter, as links so paging works without
 * JavaScript. `href` should end in a fragment naming the list, so the visitor lands at
 * its top instead of the top of the page (with and without JavaScript).
 */
export function Pager({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Step to={page > 1 ? href(page - 1) : null} rel="prev">
        Zurück
      </Step>
      <ol className="pagination__pages">
        {pageWindow(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`luecke-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={href(number)}
                className="pagination__page"
                aria-label={`Seite ${number}`}
                aria-current={number === page ? "page" : undefined}
              >
                {number}
              </Link>
            </li>
          ),
        )}
      </ol>
      <Step to={page < pageCount ? href(page + 1) : null} rel="next">
        Weiter
      </Step>
    </nav>
  );
}

function Step({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: string }) {
  if (to === null) {
    return (
      <span className="pagination__step" aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className="pagination__step" rel={rel}>
      {children}
    </Link>
  );
}
