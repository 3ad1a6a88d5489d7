import { z } from "zod";

/**
 * Zod for code that also runs in the browser. Zod compiles object schemas with `new Function`
 * when it may; the site's Content-Security-Policy forbids eval, so in the browser even Zod's
 * probe for it is a CSP violation. There it runs without its JIT. On the server (no document)
 * the JIT stays: the API parses every request. Import `z` from here, not from "zod", in app/.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

/**
 * A text that is too long says so as a rule, wherever a schema gives no words of its own (Zod's
 * own "Too big: expected string to have <=200 characters" is not for people). A schema's own
 * message still wins: a limit with a required field's message must give its own (messages.test.ts).
 */
z.config({
  customError: (issue) =>
    issue.code === "too_big" && issue.origin === "string"
      ? `Must be at most ${String(issue.maximum)} characters`
      : undefined,
});

export { z };
