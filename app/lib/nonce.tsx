import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce of a server render. Prerendered pages have none:
 * their inline scripts are allowed by hash instead (server/site/csp.ts).
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
