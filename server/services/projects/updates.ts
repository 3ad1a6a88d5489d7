import { and, asc, desc, eq } from "drizzle-orm";
import type { ProjectUpdate } from "~/contracts/project-updates";
import type { Database } from "../../db/client";
import { contacts, projectContacts, projectUpdates } from "../../db/schema/index";
import { writeProjectUpdate } from "../../emails/project-update";
import { queueLoggedEmail } from "../contact-emails";
import type { Mailer } from "../mail";
import { lockProject, ProjectError, requireProject, touch } from "./project-writes";

/**
 * A project's updates (docs/product/projects.md "Updates", "The calls"): posted, e-mailed to the
 * project's contacts when asked, and deleted.
 */
type UpdateRow = typeof projectUpdates.$inferSelect;

export const toUpdate = (row: UpdateRow): ProjectUpdate => ({
  id: row.id,
  project_id: row.projectId,
  title: row.title,
  content: row.content,
  emailed_at: row.emailedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * Posts an update; with notify_client, e-mails it through the outbox to each of the project's
 * contacts that has an address (and logs it on each), in the same transaction as the update.
 */
export async function postProjectUpdate(
  deps: { db: Database; mailer: Mailer; siteUrl: string },
  id: string,
  input: { title: string; content: string; notify_client: boolean },
  sender: string,
): Promise<{ update: ProjectUpdate; emailed_to: string[] }> {
  const { mailer } = deps;
  const { update, emailed } = await mailer.transaction(async (tx, queue) => {
    const project = await lockProject(tx, id);
    const recipients = input.notify_client
      ? (
          await tx
            .select({ id: contacts.id, name: contacts.name, email: contacts.email })
            .from(projectContacts)
            .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
            .where(eq(projectContacts.projectId, id))
            .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt))
        ).filter((c): c is { id: number; name: string; email: string } => Boolean(c.email?.trim()))
      : [];
    const [row] = await tx
      .insert(projectUpdates)
      .values({
        projectId: id,
        title: input.title,
        content: input.content,
        emailedAt: recipients.length > 0 ? new Date() : null,
      })
      .returning();
    for (const contact of recipients)
      await queueLoggedEmail(
        tx,
        queue,
        contact.id,
        writeProjectUpdate({ project, update: input, contact }, deps.siteUrl),
        sender,
      );
    await touch(tx, id);
    return { update: row!, emailed: recipients.map((c) => c.email) };
  });
  return { update: toUpdate(update), emailed_to: emailed };
}

export async function deleteProjectUpdate(db: Database, id: string, updateId: number): Promise<void> {
  await requireProject(db, id);
  const gone = await db
    .delete(projectUpdates)
    .where(and(eq(projectUpdates.projectId, id), eq(projectUpdates.id, updateId)))
    .returning({ id: projectUpdates.id });
  if (gone.length === 0)
    throw new ProjectError(404, "No update with this id on the project. Reload the project to see its updates.");
}
