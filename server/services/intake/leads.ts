import { eq, sql } from "drizzle-orm";
import type { Attribution } from "~/contracts/fields";
import {
  communications,
  contacts,
  projectContacts,
  projects,
  type ContactSource,
  type ContactStatus,
  type SubmissionData,
} from "../../db/schema/index";
import { drawUniqueProjectId } from "../projects/project-id";
import type { Tx } from "../../db/tx";

/**
 * The pieces a lead is filed with (server/services/intake/intake.ts puts them together, one
 * transaction per lead): a contact and its project (or message) exist together or not at all.
 * Contacts are matched by e-mail, whatever its case.
 */
type ContactRow = typeof contacts.$inferSelect;

export interface LeadContactInput {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  websiteUrl?: string;
  source: ContactSource;
  /** Status of a new contact; `forceStatus` also moves an existing one (the project form does). */
  status: ContactStatus;
  forceStatus?: boolean;
  initialMessage?: string;
  submissionData?: SubmissionData;
  leadScore?: number;
  attribution?: Attribution;
}

const blankToNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/** The attribution columns a contact and a project share, from what a form sent. */
export const attributionColumns = (attribution: Attribution = {}) => ({
  landingPage: blankToNull(attribution.landing_page),
  referrer: blankToNull(attribution.referrer),
  utmSource: blankToNull(attribution.utm_source),
  utmMedium: blankToNull(attribution.utm_medium),
  utmCampaign: blankToNull(attribution.utm_campaign),
  utmTerm: blankToNull(attribution.utm_term),
  utmContent: blankToNull(attribution.utm_content),
  // Unknown (null) when the sender did not say, as for leads from before this was recorded.
  visitCounted: attribution.analytics_consent ?? null,
});

/** Finds the contact by e-mail and updates it, or creates it. */
export async function upsertLeadContact(
  tx: Tx,
  input: LeadContactInput,
): Promise<{ contact: ContactRow; created: boolean }> {
  const [existing] = await tx
    .select()
    .from(contacts)
    .where(sql`lower(${contacts.email}) = lower(${input.email})`)
    .for("update");
  const attribution = input.attribution ?? {};
  if (!existing) {
    const [contact] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        phone: blankToNull(input.phone),
        company: blankToNull(input.company),
        websiteUrl: blankToNull(input.websiteUrl),
        source: input.source,
        status: input.status,
        initialMessage: blankToNull(input.initialMessage),
        submissionData: input.submissionData,
        leadScore: input.leadScore ?? 0,
        ...attributionColumns(attribution),
      })
      .returning();
    return { contact: contact!, created: true };
  }
  // An existing contact keeps what it has unless the new form brings something newer:
  // the name as typed now, details it lacked, the higher score, the first visit's attribution.
  const [contact] = await tx
    .update(contacts)
    .set({
      name: input.name,
      phone: existing.phone ?? blankToNull(input.phone),
      company: existing.company ?? blankToNull(input.company),
      websiteUrl: existing.websiteUrl ?? blankToNull(input.websiteUrl),
      ...(input.forceStatus ? { status: input.status, source: input.source } : {}),
      initialMessage: input.forceStatus
        ? (blankToNull(input.initialMessage) ?? existing.initialMessage)
        : (existing.initialMessage ?? blankToNull(input.initialMessage)),
      submissionData: input.submissionData ?? existing.submissionData,
      leadScore: Math.max(existing.leadScore, input.leadScore ?? 0),
      // The first visit's attribution, as a whole: never one visit's page with another's tags.
      ...(existing.landingPage ? {} : attributionColumns(attribution)),
      updatedAt: new Date(),
    })
    .where(eq(contacts.id, existing.id))
    .returning();
  return { contact: contact!, created: false };
}

export interface NewProjectInput {
  name: string;
  description: string;
  projectType?: string;
  budgetRange?: string;
  legacyData?: Record<string, string>;
  status: typeof projects.$inferInsert.status;
  /** Where the visit that produced the project came from (the form's, not an older visit's). */
  attribution?: Attribution;
}

/** Creates a project with a fresh unguessable ID (never one already taken) and links its primary client. */
/**
 * A lead's new project, with the contact as its primary client. A name one of the contact's
 * projects already has gets a number ("... (2)"): the client's portal never lists two alike.
 */
export async function createProjectForContact(tx: Tx, contactId: number, input: NewProjectInput): Promise<string> {
  const { attribution, ...fields } = input;
  const taken = new Set(
    (
      await tx
        .select({ name: projects.name })
        .from(projects)
        .innerJoin(projectContacts, eq(projectContacts.projectId, projects.id))
        .where(eq(projectContacts.contactId, contactId))
    ).map((row) => row.name),
  );
  for (let n = 2; taken.has(fields.name); n++) fields.name = `${input.name} (${n})`;
  const id = await drawUniqueProjectId(async (candidate) => {
    const inserted = await tx
      .insert(projects)
      .values({ id: candidate, ...fields, ...attributionColumns(attribution) })
      .onConflictDoNothing({ target: projects.id })
      .returning({ id: projects.id });
    return inserted.length === 0;
  });
  await tx.insert(projectContacts).values({ projectId: id, contactId, role: "client", isPrimary: true });
  return id;
}

export async function addCommunication(
  tx: Tx,
  entry: {
    contactId: number;
    type: "email" | "call" | "meeting" | "note";
    direction: "inbound" | "outbound";
    subject?: string;
    content: string;
    createdBy?: string;
  },
) {
  await tx
    .insert(communications)
    .values({ ...entry, subject: blankToNull(entry.subject), createdBy: entry.createdBy ?? "system" });
}
