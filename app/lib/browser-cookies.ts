import Cookies from "js-cookie";

/**
 * Writes a preference cookie as the server does (Path=/, SameSite=Lax, Secure on https);
 * the server URL-decodes what js-cookie encodes. Without `days` it ends with the browser session.
 */
export function setBrowserCookie(name: string, value: string, days?: number) {
  Cookies.set(name, value, {
    path: "/",
    sameSite: "lax",
    secure: window.location.protocol === "https:",
    expires: days,
  });
}

export const readBrowserCookie = (name: string): string | undefined => Cookies.get(name);
