import { count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import {
  ACTIVE_CONVERSATION_STATUSES,
  HIGH_SCORE,
  type Communication,
  type Contact,
  type ContactDetail,
  type ContactListRow,
  type ContactProject,
  type ContactStats,
} from "~/contracts/contacts";
import type { Database } from "../db/client";
import { communications, contacts, projectContacts, projects } from "../db/schema";
import { completedProjectCount } from "./projects/projects";
import { ServiceError } from "../lib/service-error";

/**
 * Lead management (docs/product/contacts.md: "The screen", "Adding and editing", "JSON import", "The calls"):
 * a contact's rows and reads; its writes are in contact-writes.ts, the JSON import in contact-import.ts.
 */
type ContactRow = typeof contacts.$inferSelect;
type CommunicationRow = typeof communications.$inferSelect;

export class ContactError extends ServiceError<400 | 404 | 409> {}

// Written out in full: drizzle leaves the table off column names in single-table selects.
export const communicationCount = sql<number>`(select count(*)::int from communications c where c.contact_id = "contacts"."id")`;

/** The IDs of a contact's projects, the one it joined last first, in the contact's own row (the lists' page query). */
const contactProjectIdsSql = sql<
  string[] | null
>`(select array_agg(pc.project_id order by pc.created_at desc, pc.project_id desc)::text[]
  from project_contacts pc where pc.contact_id = "contacts"."id")`;

/** A timestamp as toISOString() writes it, in SQL. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list row, built by PostgreSQL as the JSON that toContact makes of a row (with its project
 * IDs): a page of 50 arrives as 50 JSON texts, parsed natively, instead of 1,300 columns that
 * drizzle maps one by one (most of a list request's time in the server, measured with
 * `--cpu-prof`). server/services/contact-list.test.ts holds the two to the same output.
 */
/** The contact's next confirmed call still to come (docs/product/bookings.md "The CRM"), or null. */
const nextCallSql = sql`(select min(b.starts_at) from bookings b
  where b.contact_id = "contacts"."id" and b.status = 'confirmed' and b.starts_at > now())`;

export const contactListRowJson = sql<ContactListRow>`json_build_object(
  'id', "contacts"."id", 'name', "contacts"."name", 'email', "contacts"."email", 'phone', "contacts"."phone",
  'company', "contacts"."company", 'address', "contacts"."address", 'business_type', "contacts"."business_type",
  'google_maps_url', "contacts"."google_maps_url", 'website_url', "contacts"."website_url",
  'source', "contacts"."source", 'initial_message', "contacts"."initial_message", 'status', "contacts"."status",
  'lead_score', "contacts"."lead_score", 'submission_data', "contacts"."submission_data",
  'landing_page', "contacts"."landing_page", 'referrer', "contacts"."referrer",
  'utm_source', "contacts"."utm_source", 'utm_medium', "contacts"."utm_medium", 'utm_campaign', "contacts"."utm_campaign",
  'created_at', ${isoTime(sql`"contacts"."created_at"`)}, 'updated_at', ${isoTime(sql`"contacts"."updated_at"`)},
  'communication_count', ${communicationCount},
  'project_ids', coalesce(${contactProjectIdsSql}, '{}'::text[]),
  'next_call_at', ${isoTime(nextCallSql)})`;

export const toContact = (row: ContactRow, commCount = 0): Contact => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  address: row.address,
  business_type: row.businessType,
  google_maps_url: row.googleMapsUrl,
  website_url: row.websiteUrl,
  source: row.source,
  initial_message: row.initialMessage,
  status: row.status,
  lead_score: row.leadScore,
  submission_data: row.submissionData ?? null,
  landing_page: row.landingPage,
  referrer: row.referrer,
  utm_source: row.utmSource,
  utm_medium: row.utmMedium,
  utm_campaign: row.utmCampaign,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  communication_count: commCount,
});

export const toCommunication = (row: CommunicationRow): Communication => ({
  id: row.id,
  contact_id: row.contactId,
  type: row.type,
  direction: row.direction,
  subject: row.subject,
  content: row.content,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/** The Submissions tab: contacts that came through the website's project form. */
export const isSubmission = isNotNull(contacts.submissionData);

export async function contactStats(db: Database): Promise<ContactStats> {
  const [row] = await db
    .select({
      total: count(),
      submissions: sql<number>`count(*) filter (where ${isSubmission})::int`,
      new_submissions: sql<number>`count(*) filter (where ${contacts.status} = 'submitted')::int`,
      high_score: sql<number>`count(*) filter (where ${contacts.leadScore} >= ${HIGH_SCORE})::int`,
      active_conversations: sql<number>`count(*) filter (where ${contacts.status} in (${sql.join(
        ACTIVE_CONVERSATION_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}))::int`,
    })
    .from(contacts);
  const completed = await completedProjectCount(db);
  return {
    total: row?.total ?? 0,
    submissions: row?.submissions ?? 0,
    new_submissions: row?.new_submissions ?? 0,
    high_score: row?.high_score ?? 0,
    active_conversations: row?.active_conversations ?? 0,
    completed_projects: completed,
  };
}

/** The projects of each of these contacts, newest first (one query for a page of contacts). */
export async function projectsOfContacts(db: Database, ids: number[]): Promise<Map<number, ContactProject[]>> {
  const found = new Map<number, ContactProject[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      contactId: projectContacts.contactId,
      id: projects.id,
      name: projects.name,
      status: projects.status,
      createdAt: projects.createdAt,
    })
    .from(projectContacts)
    .innerJoin(projects, eq(projects.id, projectContacts.projectId))
    .where(inArray(projectContacts.contactId, ids))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  for (const row of rows)
    found.get(row.contactId)?.push({
      id: row.id,
      name: row.name,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    });
  return found;
}

export async function getContact(db: Database, id: number): Promise<ContactDetail> {
  const [found] = await db.select({ row: contacts, n: communicationCount }).from(contacts).where(eq(contacts.id, id));
  if (!found) throw new ContactError(404, "No contact with this id");
  const recent = await db
    .select()
    .from(communications)
    .where(eq(communications.contactId, id))
    .orderBy(desc(communications.createdAt), desc(communications.id))
    .limit(3);
  const projectsOf = await projectsOfContacts(db, [id]);
  return {
    ...toContact(found.row, found.n),
    recent_communications: recent.map(toCommunication),
    projects: projectsOf.get(id) ?? [],
  };
}

/** A page of a contact's log, newest first, with the count of all its entries. */
export async function listCommunications(
  db: Database,
  contactId: number,
  page: { limit: number; offset: number },
): Promise<{ communications: Communication[]; total: number }> {
  const [exists] = await db.select({ n: communicationCount }).from(contacts).where(eq(contacts.id, contactId));
  if (!exists) throw new ContactError(404, "No contact with this id");
  const rows = await db
    .select()
    .from(communications)
    .where(eq(communications.contactId, contactId))
    .orderBy(desc(communications.createdAt), desc(communications.id))
    .limit(page.limit)
    .offset(page.offset);
  return { communications: rows.map(toCommunication), total: exists.n };
}
