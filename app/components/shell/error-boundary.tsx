import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

const MESSAGES: Record<number, string> = {
  400: "Die Anfrage konnte nicht verarbeitet werden.",
  403: "Sie haben keinen Zugriff auf diese Seite.",
  404: "Diese Seite gibt es nicht.",
  405: "Diese Aktion ist hier nicht möglich.",
  413: "Die Anfrage ist zu groß.",
};

/**
 * The one error view every route boundary builds on: a German message and a way home,
 * never a stack trace (details go to the server log, not to visitors).
 */
export function GeneralErrorBoundary({ children }: { children?: ReactNode }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);

  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{status === 404 ? "Seite nicht gefunden" : "Etwas ist schiefgelaufen"}</h1>
      <p>{MESSAGES[status] ?? "Bitte versuchen Sie es in einem Moment erneut."}</p>
      {children}
      <p>
        <Link to="/" className="button">
          Zur Startseite
        </Link>
      </p>
    </section>
  );
}
