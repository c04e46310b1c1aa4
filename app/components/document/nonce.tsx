import { createContext, useContext } from "react";

/** The CSP nonce lives only in the server render; in the browser scripts are already trusted. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
