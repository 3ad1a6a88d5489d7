import { and, eq } from "drizzle-orm";
import { announceAccessChange } from "../access-changes";
import type { ProjectContactRole } from "~/contracts/project-terms";
import type { ProjectDetail } from "~/contracts/projects";
import type { Database } from "../../db/client";
import { projectContacts } from "../../db/schema/index";
import { getProject } from "./projects";
import { ensurePrimary, lockProject, makePrimary, ProjectError, requireContacts, touch } from "./project-writes";

/**
 * The contacts on a project (docs/product/projects.md "Contact roles", "The calls"): added with a
 * role, changed (role, primary) and taken off. Each answers with the whole project.
 */
const NOT_ON_PROJECT = "This contact is not on the project. Reload the project to see its contacts.";

export async function addProjectContacts(
  db: Database,
  id: string,
  input: { contact_ids: number[]; role: ProjectContactRole },
): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const ids = await requireContacts(tx, input.contact_ids);
    const now = Date.now();
    await tx
      .insert(projectContacts)
      .values(ids.map((contactId, i) => ({ projectId: id, contactId, role: input.role, createdAt: new Date(now + i) })))
      .onConflictDoNothing();
    await ensurePrimary(tx, id);
    await touch(tx, id);
    return getProject(tx, id);
  });
}

/** A contact's role, and whether it is the primary contact (which clears the flag of the others). */
export async function changeProjectContact(
  db: Database,
  id: string,
  contactId: number,
  input: { role?: ProjectContactRole; is_primary?: boolean },
): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const [link] = await tx
      .select()
      .from(projectContacts)
      .where(and(eq(projectContacts.projectId, id), eq(projectContacts.contactId, contactId)));
    if (!link) throw new ProjectError(404, NOT_ON_PROJECT);
    if (input.is_primary === false && link.isPrimary)
      throw new ProjectError(
        400,
        "A project keeps one primary contact: make another contact primary instead, and this one stops being it.",
      );
    if (input.role)
      await tx
        .update(projectContacts)
        .set({ role: input.role })
        .where(and(eq(projectContacts.projectId, id), eq(projectContacts.contactId, contactId)));
    if (input.is_primary) await makePrimary(tx, id, contactId);
    await touch(tx, id);
    return getProject(tx, id);
  });
}

/** Takes a contact off the project (never the last one); if it was the primary, the next one takes over. */
export async function removeProjectContact(db: Database, id: string, contactId: number): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const team = await tx
      .select({ contactId: projectContacts.contactId })
      .from(projectContacts)
      .where(eq(projectContacts.projectId, id));
    if (!team.some((c) => c.contactId === contactId)) throw new ProjectError(404, NOT_ON_PROJECT);
    if (team.length === 1)
      throw new ProjectError(409, "A project needs at least one contact: add another before removing this one.");
    await tx
      .delete(projectContacts)
      .where(and(eq(projectContacts.projectId, id), eq(projectContacts.contactId, contactId)));
    // The contact's portal sessions no longer open this project: their sockets close on commit.
    await announceAccessChange(tx);
    await ensurePrimary(tx, id);
    await touch(tx, id);
    return getProject(tx, id);
  });
}
