import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "@remix-run/react";
import headingFont from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import type { ReactNode } from "react";
import { GLOBAL_STYLES } from "~/components/document/global-styles";
import { useIslandsScript, useShipsScripts } from "~/components/document/hydration";
import { InlineStyles } from "~/components/document/inline-styles";
import { useNonce } from "~/components/document/nonce";
import { GeneralErrorBoundary } from "~/components/shell/error-boundary";
import { HydrationProvider } from "~/components/use-hydrated";
import { BRAND_TITLE } from "~/lib/business";
import {
  CONSENT_COOKIE,
  CONSENT_STORAGE_KEY,
  DEFAULT_THEME,
  SEEN_ALERTS_COOKIE,
  SEEN_ALERTS_STORAGE_KEY,
  THEME_COOKIE,
  THEME_STORAGE_KEY,
} from "~/lib/preferences";
import { businessOf } from "~/lib/seo";
import { readPreferences } from "~/server/web/preferences.server";

/*
 * The document: language, theme, the CSP nonce on every script, styles and Remix's scripts where
 * a route needs them (components/document/hydration.ts).
 * What surrounds a page is its area's layout route: `_public.tsx` (navigation, footer,
 * consent, important information) and `intern.tsx` (the staff navigation and toasts).
 */

export const links: LinksFunction = () => [
  { rel: "preload", href: headingFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Fallback for pages without their own meta (error pages); every page sets its own via `pageMeta`. */
export const meta: MetaFunction = ({ matches }) => [{ title: businessOf(matches)?.name ?? BRAND_TITLE }];

export function loader({ request }: LoaderFunctionArgs) {
  return data({ theme: readPreferences(request).theme });
}

/** The theme changes only by its form; navigation keeps it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

/**
 * A theme kept only in localStorage (cookie expired) still applies before the first paint, and the
 * server-rendered switch follows it where no React takes it over (decision 018); and
 * the other way, the cookies the server's forms set (theme, consent) are mirrored into
 * localStorage, and the alerts seen this session into sessionStorage, where the spec keeps them,
 * also on pages that run no Remix (decision 018); there Escape closes the phone menu, as the
 * hydrated menu's dialog does.
 */
const storageScript = `try{var c=function(n){var m=document.cookie.match(new RegExp("(?:^|; )"+n+"=([^;]*)"));return m&&decodeURIComponent(m[1])},t=localStorage.getItem("${THEME_STORAGE_KEY}"),k=c("${THEME_COOKIE}"),s=c("${CONSENT_COOKIE}");if(k)localStorage.setItem("${THEME_STORAGE_KEY}",k);else if(t==="light"||t==="dark"){document.documentElement.dataset.theme=t;document.cookie="${THEME_COOKIE}="+t+";path=/;max-age=31536000;samesite=lax";document.addEventListener("DOMContentLoaded",function(){var b=document.querySelector(".theme-switch__button");if(b){b.setAttribute("aria-pressed",String(t==="dark"));b.value=t==="dark"?"light":"dark"}})}if(s)localStorage.setItem("${CONSENT_STORAGE_KEY}",s);var a=c("${SEEN_ALERTS_COOKIE}");if(a)sessionStorage.setItem("${SEEN_ALERTS_STORAGE_KEY}",a)}catch(e){}document.addEventListener("keydown",function(e){var d=e.key==="Escape"&&document.querySelector("details.menu[open]");if(d){d.open=false;d.querySelector("summary").focus()}});`;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <HydrationProvider>
      <Document>{children}</Document>
    </HydrationProvider>
  );
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const theme = useRouteLoaderData<typeof loader>("root")?.theme ?? DEFAULT_THEME;
  const shipsScripts = useShipsScripts();
  const islandsScript = useIslandsScript();
  return (
    <html lang="de" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "light" ? "#fffdf9" : "#1a1412"} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: storageScript }} />
        <Meta />
        <InlineStyles base={GLOBAL_STYLES} />
        <Links />
      </head>
      <body>
        {children}
        {shipsScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : islandsScript ? (
          <>
            {/* Imported once the page has painted, as Remix's own modules are (document-fixes.server.ts). */}
            <link rel="modulepreload" href={islandsScript} />
            <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: `import(${JSON.stringify(islandsScript)});` }} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Only when an area's layout itself fails: the error without a shell. */
export function ErrorBoundary() {
  return (
    <main id="inhalt" className="error-shell">
      <GeneralErrorBoundary />
    </main>
  );
}
