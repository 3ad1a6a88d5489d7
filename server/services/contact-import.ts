import { eq, or, sql } from "drizzle-orm";
import type { ImportEntryFields, ImportResult } from "~/contracts/contact-import";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";
import { isUniqueViolation } from "../db/tx";

/**
 * The contacts' JSON import (docs/product/contacts.md "JSON import"): each entry mapped to a
 * contact's fields, then merged into the contact it duplicates or added as a new lead.
 */
type ContactRow = typeof contacts.$inferSelect;

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
