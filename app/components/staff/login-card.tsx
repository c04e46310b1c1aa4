import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Logo } from "~/components/shell/logo";
import { BRAND_TITLE } from "~/lib/business";
import { useBusiness } from "~/components/shell/business";

/**
 * The card of the pages a person sees before the staff area: the login and an invitation.
 * The workshop's mark, a heading, the form (`children`) and one way out below it.
 */
export function LoginCard({
  titleId,
  title,
  exit,
  children,
}: {
  titleId: string;
  title: string;
  exit: { to: string; label: string };
  children: ReactNode;
}) {
  const subtitle = useBusiness()?.subtitle;
  return (
    <div className="login-page">
      <div className="login-card">
        <header className="login-header">
          <Logo size={64} />
          <p className="login-header__brand">{BRAND_TITLE}</p>
          {subtitle ? <p className="login-header__subtitle">{subtitle}</p> : null}
        </header>
        <section className="staff-form" aria-labelledby={titleId}>
          <h1 id={titleId}>{title}</h1>
          {children}
        </section>
        <p className="login-home">
          <Link to={exit.to} className="standalone-link">
            {exit.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
