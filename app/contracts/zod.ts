import { z } from "zod";

/**
 * Zod for code that also runs in the browser. Zod compiles object schemas with `new Function`
 * when it may; the site's Content-Security-Policy forbids eval, so in the browser even Zod's
 * probe for it is a CSP violation. There it runs without its JIT. On the server (no document)
 * the JIT stays: the API parses every request. Import `z` from here, not from "zod", in app/.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
