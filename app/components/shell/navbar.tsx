import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BRAND_TITLE } from "~/lib/business";
import { telHref } from "~/lib/phone";
import { useHydrated } from "~/components/use-hydrated";
import { useBusiness } from "./business";
import { PhoneIcon } from "./call-bar";
import { Logo } from "./logo";
import { useStaffShellData } from "./staff-shell-data";
import { canonicalPath, isPath, isPrivatePage, PATHS } from "~/lib/site-areas";

interface NavLinkItem {
  name: string;
  path: string;
  /**
   * Read after the visible name by screen readers and search engines, for a label that says
   * little on its own ("Start"); the accessible name still begins with the visible one (WCAG 2.5.3).
   */
  more?: string;
  /** Also current on this page: Kontakt points to the alias /kontakt, which lands on /standort (SPEC §2); Bilder on its Kategorien. */
  currentOn?: string;
}

const PUBLIC_LINKS: NavLinkItem[] = [
  { name: "Start", path: "/", more: " – Startseite der Autosattlerei" },
  { name: "Über uns & Leistung", path: "/about" },
  { name: "Referenz", path: "/referenz" },
  { name: "Ledermuster", path: "/ledermuster" },
  { name: "Kontakt", path: "/kontakt", currentOn: "/standort" },
];

const INTERNAL_LINKS: NavLinkItem[] = [
  { name: "Start", path: PATHS.staff, more: " – Übersicht des internen Bereichs" },
  { name: "Neuigkeiten", path: PATHS.staffNews },
  { name: "Öffnungszeiten", path: PATHS.staffOpening },
  { name: "Informationen", path: PATHS.staffAlerts },
  { name: "Bilder", path: PATHS.staffPictures, currentOn: PATHS.staffCategories },
  { name: "Anfragen", path: PATHS.staffEnquiries, currentOn: PATHS.staffReplySnippets },
  { name: "Papierkorb", path: PATHS.staffTrash },
  { name: "Verlauf", path: PATHS.staffLog },
  { name: "Team", path: PATHS.staffTeam },
  { name: "Betrieb", path: PATHS.staffBusiness },
  { name: "Hauptseite", path: "/" },
  { name: "Konto", path: PATHS.staffAccount },
];

const scrollToTop = () => window.scrollTo({ top: 0 });

function NavLinks({ internal, onChoose }: { internal: boolean; onChoose: () => void }) {
  const current = canonicalPath(useLocation().pathname);
  const links = internal ? INTERNAL_LINKS : PUBLIC_LINKS;
  const newEnquiries = useStaffShellData()?.newEnquiries;
  return (
    <>
      <ul className="nav-links">
        {links.map((link) => {
          const isCurrent = current === link.path.toLowerCase() || current === link.currentOn;
          return (
            <li key={link.path}>
              <Link
                to={link.path}
                prefetch={internal ? "none" : "intent"}
                className="nav-link"
                aria-current={isCurrent ? "page" : undefined}
                onClick={onChoose}
              >
                {link.name}
                {link.more ? <span className="visually-hidden">{link.more}</span> : null}
                {link.path === PATHS.staffEnquiries && newEnquiries ? (
                  <span className="nav-badge">
                    {newEnquiries}
                    <span className="visually-hidden"> neue</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {internal ? (
        <Form method="post" action={PATHS.staffLogout} className="nav-logout">
          <button type="submit" className="button button--secondary">
            Abmelden
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** Under the public menu's links on a phone: the number to call, and the enquiry. */
function MenuContact() {
  const business = useBusiness();
  return (
    <div className="menu-contact">
      {business ? (
        <a className="menu-contact__phone" href={telHref(business.phone)}>
          <PhoneIcon />
          {business.phone}
        </a>
      ) : null}
      <Link to={PATHS.enquiry} className="button">
        Anfrage mit Fotos senden
      </Link>
    </div>
  );
}

/**
 * From 960 px, at the right of the public navigation: the number to call and the filled
 * "Preis anfragen". The navigation bar is sticky (CSS), so both stay in reach while scrolling,
 * on document pages without JavaScript too; below 960 px the call bar at the bottom stands for them.
 */
function HeaderContact() {
  const business = useBusiness();
  const { pathname } = useLocation();
  const onEnquiryPage = isPath(pathname, PATHS.enquiry);
  return (
    <div className="header-contact">
      {business ? (
        <a className="header-contact__phone" href={telHref(business.phone)}>
          <PhoneIcon />
          {business.phone}
          <span className="visually-hidden"> anrufen</span>
        </a>
      ) : null}
      {/* A customer's status page is about her enquiry: no second one offered above it. */}
      {isPrivatePage(pathname) ? null : (
        <Link to={PATHS.enquiry} className="button header-contact__price" aria-current={onEnquiryPage ? "page" : undefined}>
          Preis anfragen
        </Link>
      )}
    </div>
  );
}

/** Logo, title and subtitle; the hidden suffix says what activating it does. */
function Brand({ as = "link", onToggle }: { as?: "link" | "toggle"; onToggle?: () => void }) {
  const subtitle = useBusiness()?.subtitle;
  const content = (suffix: string) => (
    <>
      <Logo />
      <span className="brand__text">
        <span className="brand__title">{BRAND_TITLE}</span>
        {subtitle ? <span className="brand__subtitle">{subtitle}</span> : null}
      </span>
      <span className="visually-hidden"> – {suffix}</span>
    </>
  );
  if (as === "toggle") {
    return (
      <button type="button" className="brand" onClick={onToggle}>
        {content("Menü schließen")}
      </button>
    );
  }
  return (
    <Link to="/" className="brand" onClick={scrollToTop}>
      {content("Startseite")}
    </Link>
  );
}

const MenuIcon = ({ open }: { open: boolean }) => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d={open ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);

/**
 * Below 1280 px: the full-screen menu. Without JavaScript a native <details> opens it;
 * with JavaScript a modal <dialog> takes over (focus stays inside, Escape closes).
 */
function MobileMenu({ internal }: { internal: boolean }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A navigation (back button included) always ends with the menu closed.
  useEffect(() => setOpen(false), [pathname]);

  if (!hydrated) {
    return (
      <details className="menu">
        <summary className="menu__toggle">
          <span className="menu__when-closed">
            <MenuIcon open={false} /> Menü
          </span>
          <span className="menu__when-open">
            <MenuIcon open /> <span className="visually-hidden">Menü schließen</span>
          </span>
        </summary>
        <nav className="menu-overlay menu-overlay--static" aria-label="Menü">
          <Brand />
          <NavLinks internal={internal} onChoose={() => {}} />
          {internal ? null : <MenuContact />}
        </nav>
      </details>
    );
  }

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const choose = () => {
    setOpen(false);
    scrollToTop();
  };

  return (
    <div className="menu">
      <button
        ref={toggleRef}
        type="button"
        className="menu__toggle"
        aria-expanded={open}
        aria-controls="menue"
        onClick={() => setOpen(!open)}
      >
        <MenuIcon open={false} /> Menü
      </button>
      <dialog
        id="menue"
        ref={dialogRef}
        className="menu-overlay"
        aria-label="Menü"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <div className="menu-overlay__head">
          <Brand as="toggle" onToggle={close} />
          <button type="button" className="menu__toggle" onClick={close}>
            <MenuIcon open /> <span className="visually-hidden">Menü schließen</span>
          </button>
        </div>
        <nav aria-label="Menü">
          <NavLinks internal={internal} onChoose={choose} />
        </nav>
        {internal ? null : <MenuContact />}
      </dialog>
    </div>
  );
}

/** The public site's or the staff area's navigation, as its layout route says. */
export function Navbar({ area }: { area: "public" | "staff" }) {
  const internal = area === "staff";
  return (
    <header className={internal ? "navbar navbar--staff" : "navbar"}>
      <div className="navbar__inner">
        <Brand />
        <nav className="navbar__nav" aria-label={internal ? "Interne Navigation" : "Hauptnavigation"}>
          <NavLinks internal={internal} onChoose={scrollToTop} />
        </nav>
        {internal ? null : <HeaderContact />}
        <MobileMenu internal={internal} />
      </div>
    </header>
  );
}
