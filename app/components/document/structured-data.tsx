import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * The search engines' data about the workshop (JSON-LD), in the server's document only. Made by a
 * loader and handed to the render through the request's context (entry.server.tsx), not as loader
 * data: that would send it a second time, inside the hydration data, on every page. In the browser
 * the context is empty and React keeps the server's script as it is, like the site-wide CSS.
 */
const StructuredDataContext = createContext("");

export const StructuredDataProvider = StructuredDataContext.Provider;

export function StructuredData() {
  const json = useContext(StructuredDataContext);
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
