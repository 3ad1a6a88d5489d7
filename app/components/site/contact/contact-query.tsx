import { LIMITS } from "~/lib/forms/fields";

/** What /api/contact sends back to /contact when a plain (no-JavaScript) post fails. */
export interface ContactQuery {
  error: string | null;
  values: { name: string; email: string; subject: string; message: string };
}

/** The longest error text shown from the address bar: anything longer is cut. */
const MAX_ERROR = 200;

/**
 * Reads the no-JavaScript error return of /api/contact
 * (`/contact?error=..&name=..&email=..&subject=..&message=..`), each value
 * capped at its field's limit.
 */
export function readContactQuery(url: string): ContactQuery {
  const params = new URL(url).searchParams;
  const read = (key: string, max: number) => (params.get(key) ?? "").slice(0, max);
  const error = read("error", MAX_ERROR).trim();
  return {
    error: error || null,
    values: {
      name: read("name", LIMITS.name),
      email: read("email", LIMITS.email),
      subject: read("subject", LIMITS.subject),
      message: read("message", LIMITS.message),
    },
  };
}
