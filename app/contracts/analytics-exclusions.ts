/**
 * What the owner takes out of the analytics reports with one click (GET, POST
 * /api/admin/analytics/exclusions, DELETE .../{id}; docs/decisions/033-analytics-flood.md): a
 * page of the top pages, a referrer's host, a UTM source, each exactly as the report shows it.
 */
import { z } from "~/contracts/zod";

export const EXCLUSION_KINDS = ["path", "referrer", "utm_source"] as const;

export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** How many exclusions can be stored: each is a condition on every report's lists. */
export const MAX_EXCLUSIONS = 500;

const PATH = /^\/[^\s?#]*$/;

/** A host as the report keeps it: lowercase letters, digits, dots and dashes (or a scheme's name, "android-app"). */
const HOST = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;

const LIMITS: Record<ExclusionKind, number> = { path: 500, referrer: 255, utm_source: 200 };

export const NewExclusionSchema = z
  .object({
    kind: z.enum(EXCLUSION_KINDS, { error: "kind must be path, referrer or utm_source" }),
    value: z.string({ error: "value is required" }).trim().min(1, { error: "value is required" }),
  })
  // A referrer is kept as its host, lowercase and without "www." (server/services/analytics/ingest.ts).
  .transform((body) =>
    body.kind === "referrer" ? { ...body, value: body.value.toLowerCase().replace(/^www\./, "") } : body,
  )
  .superRefine((body, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    if (body.value.length > LIMITS[body.kind])
      return issue(`value must be at most ${LIMITS[body.kind]} characters for a ${body.kind}`);
    if (body.kind === "path" && !PATH.test(body.value))
      issue("value must be a page's path as the report shows it, like /pricing (no query, no spaces)");
    if (body.kind === "referrer" && !HOST.test(body.value))
      issue("value must be a site's host as the report shows it, like example.com");
  })
  .meta({
    id: "NewAnalyticsExclusion",
    description: "A page (path), a referrer's host or a UTM source, exactly as the report shows it",
    example: { kind: "referrer", value: "spam-seo-offers.example" },
  });

export type NewExclusion = z.input<typeof NewExclusionSchema>;

export const ExclusionSchema = z
  .object({
    id: z.number().int().positive(),
    kind: z.enum(EXCLUSION_KINDS),
    value: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({
    id: "AnalyticsExclusion",
    example: { id: 7, kind: "referrer", value: "spam-seo-offers.example", created_at: "2026-11-26T14:03:00.000Z" },
  });

export type Exclusion = z.infer<typeof ExclusionSchema>;

export const ExclusionListSchema = z
  .object({ exclusions: z.array(ExclusionSchema).meta({ description: "Oldest first" }) })
  .meta({ id: "AnalyticsExclusionList" });

export const ExclusionAnswerSchema = z.object({ exclusion: ExclusionSchema }).meta({ id: "AnalyticsExclusionAnswer" });

export const ExclusionDeletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "AnalyticsExclusionDeleted", example: { success: true } });
