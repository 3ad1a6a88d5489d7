import { and, asc, eq, max, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Milestone, MilestoneChanges, NewMilestone } from "~/contracts/project-milestones";
import type { Database } from "../../db/client";
import { projectMilestones } from "../../db/schema/index";
import { lockProject, ProjectError, requireProject } from "./project-writes";

/**
 * A project's milestones (docs/product/projects.md "Milestones", "The calls"): added at the end of
 * the list, changed, deleted and put in the owner's order.
 */
type MilestoneRow = typeof projectMilestones.$inferSelect;

export const toMilestone = (row: MilestoneRow): Milestone => ({
  id: row.id,
  project_id: row.projectId,
  title: row.title,
  description: row.description,
  status: row.status,
  due_date: row.dueDate,
  completed_date: row.completedDate,
  position: row.position,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Today in the business's time zone, as YYYY-MM-DD. */
const today = sql<string>`(now() at time zone ${site.timeZone})::date`;

const NO_MILESTONE = "No milestone with this id on the project. Reload the project to see its milestones.";

/** A milestone at the end of the project's list. */
export async function addMilestone(db: Database, id: string, input: NewMilestone): Promise<Milestone> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const [last] = await tx
      .select({ n: max(projectMilestones.position) })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    const [row] = await tx
      .insert(projectMilestones)
      .values({
        projectId: id,
        title: input.title,
        description: input.description,
        status: input.status,
        dueDate: input.due_date,
        completedDate: input.status === "completed" ? today : null,
        position: (last?.n ?? -1) + 1,
      })
      .returning();
    return toMilestone(row!);
  });
}

/** Changes the fields sent; completing sets completed_date to today, reopening clears it. */
export async function changeMilestone(
  db: Database,
  id: string,
  milestoneId: number,
  input: MilestoneChanges,
): Promise<Milestone> {
  await requireProject(db, id);
  const [current] = await db
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)));
  if (!current) throw new ProjectError(404, NO_MILESTONE);
  const status = input.status;
  const [row] = await db
    .update(projectMilestones)
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.due_date !== undefined && { dueDate: input.due_date }),
      ...(status !== undefined && {
        status,
        completedDate: status === "completed" ? (current.status === "completed" ? current.completedDate : today) : null,
      }),
      updatedAt: new Date(),
    })
    .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)))
    .returning();
  if (!row) throw new ProjectError(404, NO_MILESTONE);
  return toMilestone(row);
}

export async function deleteMilestone(db: Database, id: string, milestoneId: number): Promise<void> {
  await requireProject(db, id);
  const gone = await db
    .delete(projectMilestones)
    .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)))
    .returning({ id: projectMilestones.id });
  if (gone.length === 0) throw new ProjectError(404, NO_MILESTONE);
}

/** Puts the milestones in this order; the list must name each of the project's milestones once. */
export async function reorderMilestones(db: Database, id: string, ids: number[]): Promise<Milestone[]> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const existing = await tx
      .select({ id: projectMilestones.id })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    const known = new Set(existing.map((m) => m.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((m) => known.has(m)))
      throw new ProjectError(
        400,
        "The order must list each milestone of the project once. Reload the project and try again.",
      );
    for (const [position, milestoneId] of ids.entries())
      await tx
        .update(projectMilestones)
        .set({ position })
        .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)));
    const rows = await tx
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id))
      .orderBy(asc(projectMilestones.position), asc(projectMilestones.id));
    return rows.map(toMilestone);
  });
}
