import { eq, sql } from "drizzle-orm";
import type { Communication, Contact } from "~/contracts/contacts";
import type { CommunicationInput } from "~/contracts/contact-inputs";
import { AUTO_ADVANCE, type ContactStatus } from "~/contracts/contact-terms";
import type { Database } from "../db/client";
import { communications, contacts } from "../db/schema";
import { isUniqueViolation } from "../db/tx";
import { ContactError, toCommunication, toContact } from "./contacts";

/**
 * A contact's writes (docs/product/contacts.md "Adding and editing"): create, edit, set its status,
 * and log a communication with the status's auto-advance.
 */
type ContactRow = typeof contacts.$inferSelect;

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
