import { z } from "~/contracts/zod";
import { CREATED, dateTime } from "./project-fields";

/**
 * A project's updates (docs/product/projects.md "Updates", "The calls"): what the admin posts, and
 * what the API answers.
 */
export const NewProjectUpdateSchema = z
  .object({
    title: z
      .string({ error: "Update title is required" })
      .trim()
      .min(1, { error: "Update title is required" })
      .max(200, { error: "The title must be at most 200 characters" })
      .meta({ example: "First draft is up" }),
    content: z
      .string({ error: "Update content is required" })
      .trim()
      .min(1, { error: "Update content is required" })
      .max(20_000, { error: "The update must be at most 20000 characters" })
      .meta({ example: "Have a look at the home page and tell me what you think." }),
    notify_client: z
      .boolean({ error: "notify_client is true or false" })
      .default(false)
      .meta({ description: "E-mail the update to each of the project's contacts", example: true }),
  })
  .meta({
    id: "NewProjectUpdate",
    example: { title: "First draft is up", content: "Have a look at the home page.", notify_client: true },
  });

export type NewProjectUpdateInput = z.input<typeof NewProjectUpdateSchema>;

export const updateExample = {
  id: 7,
  project_id: "WBT-2026-7KQ4MZ",
  title: "First draft is up",
  content: "Have a look at the home page and tell me what you think.",
  emailed_at: CREATED,
  created_at: CREATED,
} as const;

export const ProjectUpdateSchema = z
  .object({
    id: z.number().int(),
    project_id: z.string(),
    title: z.string(),
    content: z.string(),
    emailed_at: z
      .string()
      .nullable()
      .meta({ format: "date-time", description: "When it was queued to the client's e-mail", example: CREATED }),
    created_at: dateTime(CREATED),
  })
  .meta({ id: "ProjectUpdate", example: updateExample });

export type ProjectUpdate = z.infer<typeof ProjectUpdateSchema>;

export const ProjectUpdateAnswerSchema = z
  .object({
    update: ProjectUpdateSchema,
    emailed_to: z
      .array(z.string())
      .meta({ description: "The addresses the update was queued to (empty unless notify_client)" }),
  })
  .meta({
    id: "PostedProjectUpdate",
    example: { update: updateExample, emailed_to: ["rita@harborbakery.example"] },
  });

export type PostedProjectUpdate = z.infer<typeof ProjectUpdateAnswerSchema>;
