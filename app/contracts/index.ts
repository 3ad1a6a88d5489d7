import { analyticsEndpoints } from "./analytics";
import { authEndpoints } from "./auth";
import { backupsEndpoints } from "./backups";
import { billingEndpoints } from "./billing";
import { bookingsEndpoints } from "./bookings";
import { carePlansEndpoints } from "./care-plans";
import { chatSettingsEndpoints } from "./chat-settings";
import { clientPortalEndpoints } from "./client-portal";
import { contactsEndpoints } from "./contacts";
import { emailEndpoints } from "./email";
import { healthEndpoints } from "./health";
import { inquiriesEndpoints } from "./inquiries";
import { intakeEndpoints } from "./intake";
import { invoicesEndpoints } from "./invoices";
import { jobsEndpoints } from "./jobs";
import { mediaEndpoints } from "./media";
import { migrationEndpoints } from "./migration";
import { paymentsEndpoints } from "./payments";
import { postsEndpoints } from "./posts";
import { projectCommentsEndpoints } from "./project-comments";
import { projectEventsEndpoints } from "./project-events";
import { projectsEndpoints } from "./projects";
import { quoteFollowUpsEndpoints } from "./quote-follow-ups";
import { quotesEndpoints } from "./quotes";
import { reviewsEndpoints } from "./reviews";

/**
 * Every resource's endpoint table, one per server/api/<resource>/ (docs/decisions/040-endpoint-tables.md;
 * the project's socket, projectEvents, is served beside its comments, in server/api/project-comments/). The
 * contract test (tests/api/endpoint-tables.test.ts) holds these and the served routes to each
 * other, both ways. Browser code imports a resource's own module, never this one: it would bring
 * every schema into the page.
 */
export const endpointTables = {
  analytics: analyticsEndpoints,
  auth: authEndpoints,
  backups: backupsEndpoints,
  billing: billingEndpoints,
  bookings: bookingsEndpoints,
  carePlans: carePlansEndpoints,
  chatSettings: chatSettingsEndpoints,
  clientPortal: clientPortalEndpoints,
  contacts: contactsEndpoints,
  email: emailEndpoints,
  health: healthEndpoints,
  inquiries: inquiriesEndpoints,
  intake: intakeEndpoints,
  invoices: invoicesEndpoints,
  jobs: jobsEndpoints,
  media: mediaEndpoints,
  migration: migrationEndpoints,
  payments: paymentsEndpoints,
  posts: postsEndpoints,
  projectComments: projectCommentsEndpoints,
  projectEvents: projectEventsEndpoints,
  projects: projectsEndpoints,
  quoteFollowUps: quoteFollowUpsEndpoints,
  quotes: quotesEndpoints,
  reviews: reviewsEndpoints,
};
