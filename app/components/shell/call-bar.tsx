import { Link, useLocation } from "@remix-run/react";
import { isPath, isPrivatePage, PATHS } from "~/lib/site-areas";
import { telHref } from "~/lib/phone";
import { useBusiness } from "./business";
import { iconProps, PhoneIcon } from "./phone-icon";

export { PhoneIcon };

function EnquiryIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 5h16v11H8l-4 4Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M8 9.5h8M8 12.5h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * "Anrufen" and "Anfrage" at the bottom of the screen on phones, on every public page. Only CSS
 * decides where it shows and when it steps aside (global.css: the keyboard, a dialog, the menu),
 * so it costs the page no script of its own. A customer's status page, the confirmation of an
 * enquiry just sent, offers no second enquiry: "Anrufen" alone.
 */
export function CallBar() {
  const { pathname } = useLocation();
  const onEnquiryPage = isPath(pathname, PATHS.enquiry);
  const business = useBusiness();
  return (
    <nav className="call-bar" aria-label="Schnellkontakt">
      {business ? (
        <a className="call-bar__link" href={telHref(business.phone)}>
          <PhoneIcon />
          Anrufen<span className="visually-hidden">: {business.phone}</span>
        </a>
      ) : null}
      {isPrivatePage(pathname) ? null : (
        <Link className="call-bar__link call-bar__link--primary" to={PATHS.enquiry} aria-current={onEnquiryPage ? "page" : undefined}>
          <EnquiryIcon />
          Anfrage
        </Link>
      )}
    </nav>
  );
}
