import { z } from "zod";
import { parseTags, POST_STATUSES, POST_TYPES } from "./posts";

/** The post and portfolio forms' payload (back-office spec 5, 7), checked by the form and the API. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep this under ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PostInputSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, { error: "Title is required" }).max(200),
  slug: z
    .string()
    .trim()
    .max(120)
    .regex(SLUG_PATTERN, { error: "Slugs use lowercase letters, digits and single hyphens, like my-first-post" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  content: z.string({ error: "Content is required" }).trim().min(1, { error: "Content is required" }).max(200_000),
  excerpt: optional(500),
  featured_image: optional(1000),
  status: z.enum(POST_STATUSES, { error: "Status must be draft, published or archived" }).optional(),
  post_type: z.enum(POST_TYPES, { error: "Type must be blog, portfolio or case_study" }).optional().default("blog"),
  seo_title: optional(200),
  seo_description: optional(320),
  tags: z
    .union([z.string().max(2000), z.array(z.string().max(100)).max(50)])
    .optional()
    .nullable()
    .transform((v) => {
      const list = parseTags(v ?? null);
      return list.length ? list.join(", ") : null;
    }),
});
export type PostInput = z.input<typeof PostInputSchema>;
