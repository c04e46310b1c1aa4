/*
 * A page the speculation rules prerendered (decision 018) runs before anyone looks at it: what a
 * view means (the popup seen) waits until the page is actually shown.
 */

type MaybePrerendering = Document & { prerendering?: boolean };

/** Runs `callback` when the visitor sees the page: at once, or when the prerendered page is shown. Returns the cancel. */
export function whenViewed(callback: () => void): () => void {
  if (!(document as MaybePrerendering).prerendering) {
    callback();
    return () => {};
  }
  document.addEventListener("prerenderingchange", callback, { once: true });
  return () => document.removeEventListener("prerenderingchange", callback);
}

/**
 * The same for a page without the framework: an inline script that sets a session cookie as the
 * server's forms do (Path=/, SameSite=Lax, Secure on https) when a prerendered page is shown. On a
 * page that was simply loaded it does nothing: the server's answer set the cookie already.
 */
export function cookieWhenViewedScript(name: string, value: string): string {
  const cookie = JSON.stringify(`${name}=${encodeURIComponent(value)};path=/;samesite=lax`).replace(/</g, "\\u003c");
  return `if(document.prerendering)document.addEventListener("prerenderingchange",function(){document.cookie=${cookie}+(location.protocol==="https:"?";secure":"")},{once:true})`;
}
