import { z } from "~/contracts/zod";
import { MILESTONE_STATUSES } from "~/contracts/project-terms";
import { CREATED, dateTime, day, optionalDay, optionalText } from "./project-fields";

/**
 * A project's milestones (docs/product/projects.md "Milestones", "The calls"): what the admin sends
 * to add, change and order them, and what the API answers.
 */
const milestoneTitle = z
  .string({ error: "Milestone title is required" })
  .trim()
  .min(1, { error: "Milestone title is required" })
  .max(200, { error: "The title must be at most 200 characters" })
  .meta({ example: "Design approved" });

const milestoneStatus = z.enum(MILESTONE_STATUSES, {
  error: `Status must be one of: ${MILESTONE_STATUSES.join(", ")}`,
});

export const NewMilestoneSchema = z
  .object({
    title: milestoneTitle,
    description: optionalText(2000).meta({ example: "Home page and menu page mock-ups." }),
    status: milestoneStatus.default("pending").meta({ example: "pending" }),
    due_date: optionalDay,
  })
  .meta({
    id: "NewMilestone",
    example: { title: "Design approved", description: "Home and menu mock-ups.", due_date: "2026-12-01" },
  });

export type NewMilestoneInput = z.input<typeof NewMilestoneSchema>;

export type NewMilestone = z.output<typeof NewMilestoneSchema>;

/** A field left out stays; completing a milestone sets its completed_date to today. */
export const MilestoneChangeSchema = z
  .object({
    title: milestoneTitle.optional(),
    description: optionalText(2000).optional().meta({ example: "Home page and menu page mock-ups." }),
    status: milestoneStatus.optional().meta({ example: "completed" }),
    due_date: optionalDay.optional(),
  })
  .meta({ id: "MilestoneChange", example: { status: "completed" } });

export type MilestoneChangeInput = z.input<typeof MilestoneChangeSchema>;

export type MilestoneChanges = z.output<typeof MilestoneChangeSchema>;

export const MilestoneOrderSchema = z
  .object({
    ids: z
      .array(z.number().int().positive(), { error: "Send the milestone ids in their new order" })
      .min(1, { error: "Send the milestone ids in their new order" })
      .max(500),
  })
  .meta({ id: "MilestoneOrder", example: { ids: [13, 12, 14] } });

export const milestoneExample = {
  id: 12,
  project_id: "WBT-2026-7KQ4MZ",
  title: "Design approved",
  description: "Home page and menu page mock-ups.",
  status: "completed",
  due_date: "2026-12-01",
  completed_date: "2026-11-28",
  position: 0,
  created_at: CREATED,
  updated_at: CREATED,
} as const;

export const MilestoneSchema = z
  .object({
    id: z.number().int(),
    project_id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(MILESTONE_STATUSES),
    due_date: day("2026-12-01"),
    completed_date: day("2026-11-28"),
    position: z.number().int().meta({ description: "The owner's order, 0 first" }),
    created_at: dateTime(CREATED),
    updated_at: dateTime(CREATED),
  })
  .meta({ id: "ProjectMilestone", example: milestoneExample });

export type Milestone = z.infer<typeof MilestoneSchema>;

export const MilestoneAnswerSchema = z.object({ milestone: MilestoneSchema });

export const MilestoneListSchema = z.object({ milestones: z.array(MilestoneSchema) });
