import { Link, useLocation } from "@remix-run/react";
import { isPath, isPrivatePage, PATHS } from "~/lib/site-areas";
import { telHref } from "~/lib/phone";
import { useBusiness } from "./business";

const iconProps = { width: 22, height: 22, viewBox: "0 0 24 24", "aria-hidden": true, focusable: false } as const;

export function PhoneIcon() {
  return (
    <svg {...iconProps}>
      <path
        d="M6.6 3.5h2.6l1.5 4-1.9 1.3a11 11 0 0 0 6.4 6.4l1.3-1.9 4 1.5v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
