/**
 * The bodies of POST /api/analytics/{pageview,scroll,event} (docs/product/consent-and-analytics.md
 * "What is counted", "On the server"), checked by the server's contract
 * (server/api/analytics/analytics.routes.ts). A body that is not what a page of this site sends is
 * refused with 400: a path that is not a URL path, a depth outside 0-100, a timestamp far from now.
 */
import { z } from "~/contracts/zod";
import { ANALYTICS_EVENT_NAMES } from "~/contracts/analytics-events";
import { ERROR_MESSAGE_MAX, EVENT_TEXT_MAX } from "~/contracts/analytics-terms";

/** A client clock this far from the server's is wrong (or the body replayed): refused. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export const MAX_PATH_LENGTH = 1000;

/** A URL path as `location.pathname + location.search` gives it: percent-encoded, from the root, no host. */
const PATH_PATTERN = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@%/]*(\?[\w\-.~!$&'()*+,;=:@%/?]*)?$/;

export const AnalyticsPathSchema = z
  .string({ error: "path is required" })
  .max(MAX_PATH_LENGTH, { error: `path must be at most ${MAX_PATH_LENGTH} characters` })
  .regex(PATH_PATTERN, { error: "path must be a URL path of this site, like /services or /blog?page=2" })
  .meta({ example: "/newport-web-design?utm_source=gmb" });

export const AnalyticsTimestampSchema = z
  .string({ error: "timestamp is required" })
  .pipe(z.iso.datetime({ offset: true, error: "timestamp must be an ISO date-time, like 2026-11-26T14:03:00.000Z" }))
  .refine((value) => Math.abs(Date.parse(value) - Date.now()) <= MAX_CLOCK_SKEW_MS, {
    error: "timestamp must be within a day of now",
  })
  .meta({ format: "date-time", example: "2026-11-26T14:03:00.000Z" });

export const PageviewSchema = z
  .object({
    path: AnalyticsPathSchema,
    referrer: z
      .string({ error: "referrer must be text" })
      .max(2000, { error: "referrer must be at most 2000 characters" })
      .optional()
      .meta({ description: "document.referrer, or the site's previous page; empty for none" }),
    userAgent: z
      .string({ error: "userAgent must be text" })
      .max(1000, { error: "userAgent must be at most 1000 characters" })
      .optional(),
    timestamp: AnalyticsTimestampSchema,
  })
  .meta({
    id: "AnalyticsPageview",
    example: {
      path: "/newport-web-design?utm_source=gmb",
      referrer: "https://www.google.com/",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15",
      timestamp: "2026-11-26T14:03:00.000Z",
    },
  });

export type Pageview = z.infer<typeof PageviewSchema>;

export const ScrollSchema = z
  .object({
    path: AnalyticsPathSchema,
    scrollDepth: z
      .number({ error: "scrollDepth must be a number of percent" })
      .int({ error: "scrollDepth must be a whole number of percent" })
      .min(0, { error: "scrollDepth must be between 0 and 100" })
      .max(100, { error: "scrollDepth must be between 0 and 100" })
      .meta({ description: "The deepest milestone reached (25, 50, 75 or 90), in percent", example: 75 }),
    timestamp: AnalyticsTimestampSchema,
  })
  .meta({
    id: "AnalyticsScroll",
    example: { path: "/services", scrollDepth: 75, timestamp: "2026-11-26T14:03:00.000Z" },
  });

export type Scroll = z.infer<typeof ScrollSchema>;

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).max(max, { error: `${name} must be at most ${max} characters` });

/** The events' own fields; any other is dropped. */
export const AnalyticsEventParamsSchema = z
  .object({
    seconds: z
      .number({ error: "seconds must be a number" })
      .int({ error: "seconds must be a whole number" })
      .min(1, { error: "seconds must be between 1 and 86400" })
      .max(86_400, { error: "seconds must be between 1 and 86400" })
      .optional()
      .meta({ description: "time_on_page: the milestone reached (30, 60, 120 or 300)" }),
    project_id: text("project_id", 40).optional(),
    form_completed: z.boolean({ error: "form_completed must be true or false" }).optional(),
    link_url: text("link_url", EVENT_TEXT_MAX).optional(),
    page_path: text("page_path", EVENT_TEXT_MAX).optional(),
    business_name: text("business_name", EVENT_TEXT_MAX).optional(),
    category: text("category", EVENT_TEXT_MAX).optional(),
    website_url: text("website_url", EVENT_TEXT_MAX).optional(),
    topic: text("topic", 50).optional(),
    message: text("message", ERROR_MESSAGE_MAX).optional().meta({
      description: "error: the message, cut to 100 characters (docs/product/consent-and-analytics.md 'Events')",
    }),
    context: text("context", EVENT_TEXT_MAX).optional().meta({
      description: "error: where it happened, cut to 200 characters (docs/product/consent-and-analytics.md 'Events')",
    }),
  })
  .meta({ id: "AnalyticsEventParams", example: { project_id: "WBT-2026-7KQ4MZ", form_completed: true } });

export type AnalyticsEventParams = z.infer<typeof AnalyticsEventParamsSchema>;

export const AnalyticsEventSchema = z
  .object({
    event: z.enum(ANALYTICS_EVENT_NAMES, { error: `event must be one of: ${ANALYTICS_EVENT_NAMES.join(", ")}` }),
    path: AnalyticsPathSchema,
    params: AnalyticsEventParamsSchema.optional(),
    timestamp: AnalyticsTimestampSchema,
  })
  .refine((body) => body.event !== "time_on_page" || body.params?.seconds !== undefined, {
    error: "time_on_page needs params.seconds",
    path: ["params", "seconds"],
  })
  .meta({
    id: "AnalyticsEvent",
    example: {
      event: "project_submission",
      path: "/start-project",
      params: { project_id: "WBT-2026-7KQ4MZ", form_completed: true },
      timestamp: "2026-11-26T14:03:00.000Z",
    },
  });

export type AnalyticsEventBody = z.infer<typeof AnalyticsEventSchema>;
