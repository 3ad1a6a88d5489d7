import { count, desc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import {
  ACTIVE_CONVERSATION_STATUSES,
  AUTO_ADVANCE,
  HIGH_SCORE,
  type Communication,
  type CommunicationInput,
  type Contact,
  type ContactDetail,
  type ContactListRow,
  type ContactProject,
  type ContactStats,
  type ContactStatus,
  type ImportEntryFields,
  type ImportResult,
} from "~/contracts/contacts";
import type { Database } from "../db/client";
import { communications, contacts, projectContacts, projects } from "../db/schema";
import { completedProjectCount } from "./projects/projects";
import { isUniqueViolation } from "../db/tx";
import { ServiceError } from "../lib/service-error";

/** Lead management (docs/product/contacts.md: "The screen", "Adding and editing", "JSON import", "The calls"). */
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
  'project_ids', coalesce(${contactProjectIdsSql}, '{}'::text[]))`;

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

export interface ContactValues {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  business_type: string | null;
  google_maps_url: string | null;
  website_url: string | null;
  initial_message: string | null;
  status: ContactStatus;
  source: string;
  lead_score: number;
}

const columns = (v: ContactValues) => ({
  name: v.name,
  email: v.email,
  phone: v.phone,
  company: v.company,
  address: v.address,
  businessType: v.business_type,
  googleMapsUrl: v.google_maps_url,
  websiteUrl: v.website_url,
  initialMessage: v.initial_message,
  status: v.status,
  source: v.source as ContactRow["source"],
  leadScore: v.lead_score,
});

const duplicateEmail = (email: string | null) =>
  new ContactError(
    409,
    `A contact with the email ${email} already exists. Search for it and edit that contact instead.`,
  );

export async function createContact(db: Database, values: ContactValues): Promise<Contact> {
  try {
    const [row] = await db.insert(contacts).values(columns(values)).returning();
    return toContact(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(values.email);
    throw error;
  }
}

/** Changes the fields given; an undefined one keeps its value. */
export async function updateContact(db: Database, id: number, values: Partial<ContactValues>): Promise<Contact> {
  const changed = Object.fromEntries(
    Object.entries(columns(values as ContactValues)).filter(([, value]) => value !== undefined),
  );
  try {
    const [row] = await db
      .update(contacts)
      .set({ ...changed, updatedAt: sql`now()` })
      .where(eq(contacts.id, id))
      .returning();
    if (!row) throw new ContactError(404, "No contact with this id");
    return toContact(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(values.email ?? null);
    throw error;
  }
}

export async function setContactStatus(db: Database, id: number, status: ContactStatus): Promise<Contact> {
  const [row] = await db
    .update(contacts)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(contacts.id, id))
    .returning();
  if (!row) throw new ContactError(404, "No contact with this id");
  return toContact(row);
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

/** Logs a communication; with auto-advance, moves New/Submitted to Contacted and Contacted to Qualified. */
export async function logCommunication(
  db: Database,
  contactId: number,
  input: Omit<CommunicationInput, "auto_advance_status"> & { auto_advance_status: boolean },
  createdBy: string,
): Promise<{ communication: Communication; contact: Contact; advanced_from: ContactStatus | null }> {
  return db.transaction(async (tx) => {
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, contactId)).for("update");
    if (!contact) throw new ContactError(404, "No contact with this id");
    const [row] = await tx
      .insert(communications)
      .values({
        contactId,
        type: input.type,
        direction: input.direction ?? "outbound",
        subject: input.subject ?? null,
        content: input.content,
        createdBy,
      })
      .returning();
    const next = input.auto_advance_status ? AUTO_ADVANCE[contact.status] : undefined;
    let updated = contact;
    if (next) {
      [updated] = (await tx
        .update(contacts)
        .set({ status: next, updatedAt: sql`now()` })
        .where(eq(contacts.id, contactId))
        .returning()) as [ContactRow];
    }
    return {
      communication: toCommunication(row!),
      contact: toContact(updated),
      advanced_from: next ? contact.status : null,
    };
  });
}

/* ---------------- JSON import (docs/product/contacts.md "JSON import") ---------------- */

const str = (value: string | number | undefined) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
const digits = (phone: string) => phone.replace(/\D/g, "");
const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ImportEntry {
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  business_type: string | null;
  google_maps_url: string | null;
  website_url: string | null;
  notes: string;
}

/**
 * One entry of the file to a contact's fields, or the reason it cannot be imported. An entry
 * that was not an object arrives as null (ContactImportSchema).
 */
export function mapImportEntry(e: ImportEntryFields | null): ImportEntry | { error: string } {
  if (e === null) return { error: "Entry is not an object" };
  const businessName = str(e.businessName);
  const name = businessName || str(e.name);
  if (!name) return { error: "Missing business name or name" };
  const email = str(e.email);
  const phone = str(e.phone);
  if (!email && !phone) return { error: "Missing phone or email" };
  if (email && !emailPattern.test(email)) return { error: `Invalid email "${email}"` };
  const type = str(e.businessType);
  const address = str(e.address);
  const notes =
    str(e.notes) ||
    ["Imported", type ? `${type} lead` : "lead", address ? `at ${address}` : ""].filter(Boolean).join(" ") + ".";
  return {
    name: name.slice(0, 200),
    company: businessName ? businessName.slice(0, 200) : str(e.company).slice(0, 200) || null,
    email: email || null,
    phone: phone.slice(0, 40) || null,
    address: address.slice(0, 300) || null,
    business_type: type.slice(0, 100) || null,
    google_maps_url: (str(e.googleMapsURL) || str(e.googleMapsUrl)).slice(0, 500) || null,
    website_url: (str(e.website) || str(e.websiteURL) || str(e.websiteUrl)).slice(0, 500) || null,
    notes: notes.slice(0, 5000),
  };
}

/** The duplicate rule: same e-mail (any case); or same digits-only phone and name; or same company and name. */
export function isDuplicate(entry: ImportEntry, existing: Pick<ContactRow, "name" | "email" | "phone" | "company">) {
  if (entry.email && same(entry.email, existing.email)) return true;
  if (
    entry.phone &&
    existing.phone &&
    digits(entry.phone) !== "" &&
    digits(entry.phone) === digits(existing.phone) &&
    same(entry.name, existing.name)
  )
    return true;
  return !!entry.company && same(entry.company, existing.company) && same(entry.name, existing.name);
}

export async function importContacts(db: Database, entries: (ImportEntryFields | null)[]): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, failed: [] };
  const label = (e: ImportEntryFields | null, index: number) =>
    (e && (str(e.businessName) || str(e.name) || str(e.email))) || `Entry ${index + 1}`;
  for (const [index, raw] of entries.entries()) {
    const entry = mapImportEntry(raw);
    if ("error" in entry) {
      result.failed.push({ index, label: label(raw, index), error: entry.error });
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        const candidates = await tx
          .select()
          .from(contacts)
          .where(
            or(
              entry.email ? sql`lower(${contacts.email}) = lower(${entry.email})` : sql`false`,
              sql`lower(${contacts.name}) = lower(${entry.name})`,
            ),
          )
          .for("update");
        const match = candidates.find((c) => isDuplicate(entry, c));
        if (match) {
          // Merge: what the contact lacks is filled in; what it has is kept.
          await tx
            .update(contacts)
            .set({
              email: match.email ?? entry.email,
              phone: match.phone ?? entry.phone,
              company: match.company ?? entry.company,
              address: match.address ?? entry.address,
              businessType: match.businessType ?? entry.business_type,
              googleMapsUrl: match.googleMapsUrl ?? entry.google_maps_url,
              websiteUrl: match.websiteUrl ?? entry.website_url,
              initialMessage: match.initialMessage ?? entry.notes,
              updatedAt: sql`now()`,
            })
            .where(eq(contacts.id, match.id));
          result.updated++;
        } else {
          await tx.insert(contacts).values({
            name: entry.name,
            email: entry.email,
            phone: entry.phone,
            company: entry.company,
            address: entry.address,
            businessType: entry.business_type,
            googleMapsUrl: entry.google_maps_url,
            websiteUrl: entry.website_url,
            initialMessage: entry.notes,
            status: "new",
            leadScore: 0,
            source: "json_import",
          });
          result.created++;
        }
      });
    } catch (error) {
      result.failed.push({
        index,
        label: label(raw, index),
        error: isUniqueViolation(error) ? "Another entry already uses this email" : "Could not be saved",
      });
    }
  }
  return result;
}
