import { Form, Link, useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef, useState } from "react";
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
  /** Also current on this page: Bilder on its Kategorien, Anfragen on its Vorlagen. */
  currentOn?: string;
}

const PUBLIC_LINKS: NavLinkItem[] = [
  { name: "Start", path: "/", more: " – Startseite der Autosattlerei" },
  { name: "Über uns & Leistung", path: "/about" },
  { name: "Referenz", path: "/referenz" },
  { name: "Ledermuster", path: "/ledermuster" },
  // SPEC §2 names /kontakt, an alias of /standort: linked directly, so no visit takes the 301 (issue 39).
  { name: "Kontakt", path: PATHS.contact },
];

/** Links gathered under one name in the staff bar ("Website ▾"): a <details>, so it opens without JavaScript too. */
interface NavGroup {
  group: string;
  links: NavLinkItem[];
}

type NavEntry = NavLinkItem | NavGroup;

const isGroup = (entry: NavEntry): entry is NavGroup => "group" in entry;

/**
 * The daily work first, what is kept now and then behind two groups, so the bar holds one line at
 * 1440 px (issue 39). On a phone's menu the groups stand open under their names: one tap to any page.
 */
const INTERNAL_LINKS: NavEntry[] = [
  { name: "Start", path: PATHS.staff, more: " – Übersicht des internen Bereichs" },
  { name: "Anfragen", path: PATHS.staffEnquiries, currentOn: PATHS.staffReplySnippets },
  { name: "Termine", path: PATHS.staffAppointments },
  { name: "Bilder", path: PATHS.staffPictures, currentOn: PATHS.staffCategories },
  {
    group: "Website",
    links: [
      { name: "Projekte", path: PATHS.staffProjects },
      { name: "Neuigkeiten", path: PATHS.staffNews },
      { name: "Informationen", path: PATHS.staffAlerts },
      { name: "Öffnungszeiten", path: PATHS.staffOpening },
      { name: "Betrieb", path: PATHS.staffBusiness },
      { name: "Hauptseite", path: "/" },
    ],
  },
  {
    group: "Mehr",
    links: [
      { name: "Team", path: PATHS.staffTeam },
      { name: "Verlauf", path: PATHS.staffLog },
      { name: "Papierkorb", path: PATHS.staffTrash },
      { name: "Konto", path: PATHS.staffAccount },
    ],
  },
];

const scrollToTop = () => window.scrollTo({ top: 0 });

const isCurrentLink = (current: string, link: NavLinkItem) => current === link.path.toLowerCase() || current === link.currentOn;

function NavLink({ link, internal, current, onChoose }: { link: NavLinkItem; internal: boolean; current: string; onChoose: () => void }) {
  const newEnquiries = useStaffShellData()?.newEnquiries;
  return (
    <Link
      to={link.path}
      prefetch={internal ? "none" : "intent"}
      className="nav-link"
      aria-current={isCurrentLink(current, link) ? "page" : undefined}
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
  );
}

const ChevronIcon = () => (
  <svg className="nav-group__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);

/**
 * With JavaScript, the bar's groups behave like menus elsewhere: one open at a time, closed by a
 * click outside or on one of its links, by Escape (focus back on its name) and by a navigation.
 */
function useNavGroups(bar: RefObject<HTMLElement>) {
  const { pathname } = useLocation();
  useEffect(() => {
    const groups = () => [...(bar.current?.querySelectorAll<HTMLDetailsElement>("details.nav-group") ?? [])];
    groups().forEach((group) => (group.open = false));
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const onLink = target.closest?.("a") !== null;
      for (const group of groups()) if (group.open && (onLink || !group.contains(target))) group.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const group of groups().filter((candidate) => candidate.open)) {
        group.open = false;
        group.querySelector("summary")?.focus();
      }
    };
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const group of groups()) if (group !== opened) group.open = false;
    };
    const list = groups();
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    list.forEach((group) => group.addEventListener("toggle", onToggle));
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
      list.forEach((group) => group.removeEventListener("toggle", onToggle));
    };
  }, [bar, pathname]);
}

function NavEntries({ entries, internal, layout, onChoose }: { entries: NavEntry[]; internal: boolean; layout: "bar" | "menu"; onChoose: () => void }) {
  const current = canonicalPath(useLocation().pathname);
  return (
    <ul className="nav-links">
      {entries.map((entry) => {
        if (!isGroup(entry)) {
          return (
            <li key={entry.path}>
              <NavLink link={entry} internal={internal} current={current} onChoose={onChoose} />
            </li>
          );
        }
        const links = (
          <ul className="nav-group__links">
            {entry.links.map((link) => (
              <li key={link.path}>
                <NavLink link={link} internal={internal} current={current} onChoose={onChoose} />
              </li>
            ))}
          </ul>
        );
        if (layout === "menu") {
          return (
            <li key={entry.group} className="nav-group nav-group--open">
              <span className="nav-group__title">{entry.group}</span>
              {links}
            </li>
          );
        }
        const holdsCurrent = entry.links.some((link) => isCurrentLink(current, link));
        return (
          <li key={entry.group}>
            <details className="nav-group">
              <summary className="nav-link nav-group__toggle" aria-current={holdsCurrent ? "true" : undefined}>
                {entry.group}
                <ChevronIcon />
              </summary>
              {links}
            </details>
          </li>
        );
      })}
    </ul>
  );
}

function NavLinks({ internal, layout, onChoose }: { internal: boolean; layout: "bar" | "menu"; onChoose: () => void }) {
  return (
    <>
      <NavEntries entries={internal ? INTERNAL_LINKS : PUBLIC_LINKS} internal={internal} layout={layout} onChoose={onChoose} />
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

/** Logo, title and the record's subtitle: the brand's visible part. */
function BrandContent() {
  const subtitle = useBusiness()?.subtitle;
  return (
    <>
      <Logo />
      <span className="brand__text">
        <span className="brand__title">{BRAND_TITLE}</span>
        {subtitle ? <span className="brand__subtitle">{subtitle}</span> : null}
      </span>
    </>
  );
}

/** Logo, title and subtitle; the hidden suffix says what activating it does. */
function Brand({ as = "link", onToggle }: { as?: "link" | "toggle"; onToggle?: () => void }) {
  const content = (suffix: string) => (
    <>
      <BrandContent />
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
            <MenuIcon open={false} /> <span className="menu__label">Menü</span>
          </span>
          <span className="menu__when-open">
            <MenuIcon open /> <span className="visually-hidden">Menü schließen</span>
          </span>
        </summary>
        <nav className="menu-overlay menu-overlay--static" aria-label="Menü">
          <Brand />
          <NavLinks internal={internal} layout="menu" onChoose={() => {}} />
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
        <MenuIcon open={false} /> <span className="menu__label">Menü</span>
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
          <NavLinks internal={internal} layout="menu" onChoose={choose} />
        </nav>
        {internal ? null : <MenuContact />}
      </dialog>
    </div>
  );
}

/** The public site's or the staff area's navigation, as its layout route says. */
export function Navbar({ area }: { area: "public" | "staff" }) {
  const internal = area === "staff";
  const bar = useRef<HTMLElement>(null);
  useNavGroups(bar);
  return (
    <header className={internal ? "navbar navbar--staff" : "navbar"}>
      <div className="navbar__inner">
        <Brand />
        <nav ref={bar} className="navbar__nav" aria-label={internal ? "Interne Navigation" : "Hauptnavigation"}>
          <NavLinks internal={internal} layout="bar" onChoose={scrollToTop} />
        </nav>
        {internal ? null : <HeaderContact />}
        <MobileMenu internal={internal} />
      </div>
    </header>
  );
}

/**
 * The public header as the record in context would show it, for the Betrieb page's preview
 * ("So sieht es aus"): the same brand and contact, drawn by the same styles; the links, which no
 * field changes, are left out, so it fits the staff page's column. No landmark and nothing that
 * opens (the page marks the preview inert).
 */
export function HeaderPreview() {
  return (
    <div className="navbar navbar--preview">
      <div className="navbar__inner">
        <span className="brand">
          <BrandContent />
        </span>
        <HeaderContact />
        <span className="menu">
          <span className="menu__toggle">
            <MenuIcon open={false} /> <span className="menu__label">Menü</span>
          </span>
        </span>
      </div>
    </div>
  );
}
