import { site } from "~/config/site";

export const LOOKUP_TYPES = ["email", "project-id"] as const;

export type LookupType = (typeof LOOKUP_TYPES)[number];

/** The longest Project ID the lookup takes (today's are 15 characters; older ones were shorter). */
export const PROJECT_ID_MAX = 40;

/**
 * The way in while the site sends no e-mail: the lookup's answer by e-mail and the help line under
 * the form say it in the same words (docs/product/client-portal.md "Lookup").
 */
export const USE_PROJECT_ID =
  "choose Project ID and enter the ID you got when you sent your request (it starts with WBT-)";

/**
 * Where the tab keeps its portal session (docs/product/client-portal.md "Sessions"): the portal's
 * calls read it (app/lib/portal/portal-api.ts), and so does the booking page, for a client's
 * check-in, without loading the portal's code.
 */
export const PORTAL_SESSION_KEY = "client-portal-session";

/** The texts the portal shows (docs/product/client-portal.md "Lookup", "Sign-in links", "Sessions", "Errors"). */
export const PORTAL_MESSAGES = {
  notFound: "No projects found with that information. Please check and try again.",
  network: "There was an error looking up your projects. Please try again.",
  linkSent:
    "If that address belongs to a project, a sign-in link is on its way to it. Check your inbox (and spam folder): the link works once, for 30 minutes.",
  linkExpired: "This sign-in link has expired or was already used. Ask for a new one below.",
  /** While the site sends no e-mail (no SMTP_URL): the same words for every address (docs/decisions/028-outbox.md). */
  emailUnavailable: `Sign-in by e-mail is not available right now. Please ${USE_PROJECT_ID}, or call ${site.phone.display}.`,
  /** The help line under the form once the lookup by e-mail said so: the same way in, never "use your e-mail". */
  helpWithoutEmail: `Sign-in by e-mail is not available right now: ${USE_PROJECT_ID}. Lost it? Call ${site.phone.display} or write to ${site.email}.`,
  signedOut: "Your portal session has ended. Look up your project again below.",
} as const;

/**
 * The portal address that opens one project straight away: the Project ID rides in the fragment,
 * which browsers never send to a server (no access log or Referer holds it), and the portal
 * removes it from the address bar once read.
 */
export const portalProjectPath = (projectId: string) => `/client-portal#project=${encodeURIComponent(projectId)}`;

/** The Project ID of a portalProjectPath() address, if the fragment holds one. */
export function projectIdFromPortalHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get("project")?.trim();
  return value && value.length <= PROJECT_ID_MAX ? value : null;
}
