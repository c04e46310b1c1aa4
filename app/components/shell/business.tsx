import { createContext, useContext } from "react";
import type { Business } from "~/server/entities/business.server";

/*
 * The workshop's business record (decision 020), read by the area's shell in its loader and
 * handed to everything inside it: navigation, footer, call bar, the pages' contact lines.
 */
const BusinessContext = createContext<Business | null>(null);

export const BusinessProvider = BusinessContext.Provider;

/** The record, or null in a shell's own error view, whose loader could not read it (parts that need it are left out). */
export function useBusiness(): Business | null {
  return useContext(BusinessContext);
}

/** A page inside the public shell: the shell read the record, or the page would not render. */
export function usePageBusiness(): Business {
  const business = useContext(BusinessContext);
  if (!business) throw new Error("Die Betriebsdaten fehlen: die Seite steht nicht im Rahmen der Website.");
  return business;
}
