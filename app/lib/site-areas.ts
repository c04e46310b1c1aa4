/**
 * SPEC §2 shell rules, read on the lower-cased path because the routes match case-insensitively
 * (`/Intern/news` is the staff page too).
 */
const lower = (pathname: string) => pathname.toLowerCase();

export const isInternalPath = (pathname: string) => lower(pathname).startsWith("/intern");

export const showsNavbar = (pathname: string) => !lower(pathname).startsWith("/intern/login");

export const showsFooter = (pathname: string) => !/^\/(intern|login)/.test(lower(pathname));

/**
 * The contact page shows contact details, opening hours and the map itself; its footer
 * leaves them out so nothing (above all not a second map) appears twice.
 */
export const footerShowsContact = (pathname: string) => normalizedPath(pathname) !== "/standort";

/** The path a link compares against: lower-cased, without a trailing slash. */
export function normalizedPath(pathname: string): string {
  const path = lower(pathname).replace(/\/+$/, "");
  return path === "" ? "/" : path;
}
