import { site } from "~/config/site";
import { LIMITS } from "~/contracts/form-options";
import { fieldErrors } from "~/lib/validation";
import { ContactMessageSchema } from "~/contracts/intake";

/** What /api/contact sends back to /contact when a plain (no-JavaScript) post fails. */
export interface ContactQuery {
  error: string | null;
  values: { name: string; email: string; subject: string; message: string };
}

/**
 * The error codes /api/contact sends back. Only these fixed texts are ever
 * shown, so a crafted link cannot put its own words on the page.
 */
const ERROR_TEXTS: Record<string, string> = {
  invalid: "Please check the form:",
  spam: `This looked automated, so it was not sent. If you're a person, please e-mail ${site.email} or call ${site.phone.display}.`,
  rate_limited: `Too many messages from your connection. Please wait a few minutes and try again, or e-mail ${site.email}.`,
  server: `Something went wrong on our side. Please try again, or e-mail ${site.email}.`,
  unavailable: `We couldn't save this just now. Please try again in a minute, or call ${site.phone.display}.`,
};

/**
 * Reads the no-JavaScript error return of /api/contact
 * (`/contact?error=..&name=..&email=..&subject=..&message=..`), each value
 * capped at its field's limit.
 */
export function readContactQuery(url: string): ContactQuery {
  const params = new URL(url).searchParams;
  const read = (key: string, max: number) => (params.get(key) ?? "").slice(0, max);
  const values = {
    name: read("name", LIMITS.name),
    email: read("email", LIMITS.email),
    subject: read("subject", LIMITS.subject),
    message: read("message", LIMITS.message),
  };
  const code = params.get("error");
  if (!code) return { error: null, values };
  let error = ERROR_TEXTS[code] ?? ERROR_TEXTS.server!;
  if (code === "invalid") {
    // The same schema as the server names what to fix.
    const parsed = ContactMessageSchema.safeParse(values);
    const problems = parsed.success ? [] : Object.values(fieldErrors(parsed.error));
    error = problems.length ? `${error} ${problems.join(". ")}.` : ERROR_TEXTS.server!;
  }
  return { error, values };
}
