import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { contacts, projectContacts, projects } from "../../db/schema/index";
import type { DbOrTx, Tx } from "../../db/tx";
import { ServiceError } from "../../lib/service-error";

/**
 * What every change to a project shares (docs/product/projects.md "Create and edit", "The calls"):
 * its error, the project found or locked, the chosen contacts checked, the one primary contact
 * kept, and updated_at touched. The project itself is written in projects.ts, its contacts in
 * project-contacts.ts, its milestones in milestones.ts and its updates in updates.ts.
 */
export type ProjectRow = typeof projects.$inferSelect;

export class ProjectError extends ServiceError<400 | 404 | 409> {}

export const NO_PROJECT = "No project with this ID. It may have been deleted: reload the list.";
const MISSING_CONTACTS = "Some of the chosen contacts no longer exist. Reload and choose again.";

export async function requireContacts(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, unique));
  if (found.length !== unique.length) throw new ProjectError(400, MISSING_CONTACTS);
  return unique;
}

export async function lockProject(tx: Tx, id: string): Promise<ProjectRow> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for("update");
  if (!row) throw new ProjectError(404, NO_PROJECT);
  return row;
}

export async function requireProject(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (!row) throw new ProjectError(404, NO_PROJECT);
}

/** Makes one contact the primary: the others lose the flag first (one primary per project). */
export async function makePrimary(tx: Tx, projectId: string, contactId: number) {
  await tx
    .update(projectContacts)
    .set({ isPrimary: false })
    .where(and(eq(projectContacts.projectId, projectId), ne(projectContacts.contactId, contactId)));
  await tx
    .update(projectContacts)
    .set({ isPrimary: true })
    .where(and(eq(projectContacts.projectId, projectId), eq(projectContacts.contactId, contactId)));
}

/** A project without a primary contact gets its longest-standing contact as primary. */
export async function ensurePrimary(tx: Tx, projectId: string) {
  const team = await tx
    .select({ contactId: projectContacts.contactId, isPrimary: projectContacts.isPrimary })
    .from(projectContacts)
    .where(eq(projectContacts.projectId, projectId))
    .orderBy(asc(projectContacts.createdAt), asc(projectContacts.contactId));
  if (team.length > 0 && !team.some((c) => c.isPrimary)) await makePrimary(tx, projectId, team[0]!.contactId);
}

export const touch = (tx: Tx, id: string) =>
  tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
