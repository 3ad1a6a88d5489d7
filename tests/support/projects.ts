import { randomBytes } from "node:crypto";
import type { Database } from "../../server/db/client";
import { contacts, projectContacts } from "../../server/db/schema";
import { createProjectForContact, upsertLeadContact } from "../../server/services/intake/leads";
import { retryOnUniqueViolation } from "../../server/db/tx";
import { createPortalSession } from "../../server/services/portal-access";

/** A unique address for a test client. */
export const clientEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.com`;

/** A project as a won lead makes it: one contact, the primary client. */
export async function createClientProject(db: Database, client: { name: string; email: string }): Promise<string> {
  return retryOnUniqueViolation(db, async (tx) => {
    const { contact } = await upsertLeadContact(tx, { ...client, source: "website", status: "won" });
    return createProjectForContact(tx, contact.id, {
      name: `${client.name} Website Project`,
      description: "A site for the shop",
      status: "design",
    });
  });
}

/** Another contact on the project (not primary). */
export async function addProjectContact(db: Database, projectId: string, person: { name: string; email: string }) {
  const [contact] = await db
    .insert(contacts)
    .values({ ...person, source: "manual" })
    .returning();
  await db.insert(projectContacts).values({ projectId, contactId: contact!.id, role: "stakeholder" });
  return contact!;
}

/** A portal token opened on one project (the lookup by Project ID) or on an address (the e-mailed link). */
export async function portalToken(db: Database, scope: { projectId: string } | { email: string }): Promise<string> {
  const access =
    "projectId" in scope ? { email: null, projectId: scope.projectId } : { email: scope.email, projectId: null };
  return (await createPortalSession(db, access)).token;
}
