import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";
import { CHAT_SETTINGS_PATH } from "./public-paths";

/**
 * The assistant's settings (docs/product/settings.md "Chat settings entity"; docs/product/chat.md
 * "Reading the settings"): the whole document the owner edits, the part the public widget reads,
 * and the partial change the back office saves. The server checks and the browser parses with these
 * same schemas.
 */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export const WIDGET_POSITIONS = ["bottom-right", "bottom-left"] as const;

export const WIDGET_THEMES = ["primary", "dark", "light"] as const;

export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/** docs/product/settings.md "Validation": the assistant waits 0 to 5000 ms before answering, in steps of 100. */
export const RESPONSE_DELAY = { min: 0, max: 5000, step: 100 } as const;

export const RESPONSE_DELAY_RULE = `The response delay must be ${RESPONSE_DELAY.min} to ${RESPONSE_DELAY.max} ms, in steps of ${RESPONSE_DELAY.step}`;

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Times are HH:MM, from 00:00 to 23:59" })
  .meta({ example: "09:00" });

const dayHoursFields = z.object({ enabled: z.boolean(), start: time, end: time });

/** One weekday's hours; a day opens before it closes (HH:MM compares as text). */
export const DayHoursSchema = dayHoursFields
  .refine((day) => day.start < day.end, { path: ["end"], error: "The closing time must be after the opening time" })
  .meta({ id: "ChatDayHours", example: { enabled: true, start: "09:00", end: "17:00" } });

export type DayHours = z.infer<typeof DayHoursSchema>;

const pagePattern = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .meta({ description: "A path, a path ending in * (a prefix), or 'all'", example: "/chat*" });

const EXAMPLE_HOURS = {
  monday: { enabled: true, start: "09:00", end: "17:00" },
  tuesday: { enabled: true, start: "09:00", end: "17:00" },
  wednesday: { enabled: true, start: "09:00", end: "17:00" },
  thursday: { enabled: true, start: "09:00", end: "17:00" },
  friday: { enabled: true, start: "09:00", end: "17:00" },
  saturday: { enabled: false, start: "10:00", end: "15:00" },
  sunday: { enabled: false, start: "10:00", end: "15:00" },
} satisfies Record<Weekday, DayHours>;

const EXAMPLE_WELCOME =
  "Hi! I'm here to help answer questions about web design services or help you start a project inquiry. What can I help you with?";

const EXAMPLE_FALLBACK = "I'm not sure I understood that one. E-mail me and I'll answer personally.";

const EXAMPLE_OFFLINE = "Thanks for stopping by! I'm away from my desk right now. Ask away or start a project inquiry.";

export const ChatSettingsSchema = z
  .object({
    enabled: z.boolean(),
    welcome_message: z.string().trim().min(1, { error: "The welcome message cannot be empty" }).max(1000),
    offline_message: z.string().trim().min(1, { error: "The offline message cannot be empty" }).max(1000),
    business_hours_enabled: z.boolean(),
    business_hours: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<Weekday, typeof DayHoursSchema>,
    ),
    auto_responses: z.object({
      enabled: z.boolean(),
      response_delay: z
        .number({ error: "The response delay must be a number of milliseconds" })
        .min(RESPONSE_DELAY.min, { error: RESPONSE_DELAY_RULE })
        .max(RESPONSE_DELAY.max, { error: RESPONSE_DELAY_RULE })
        .multipleOf(RESPONSE_DELAY.step, { error: RESPONSE_DELAY_RULE })
        .meta({ description: "Milliseconds before the assistant answers: 0 to 5000, in steps of 100", example: 800 }),
      fallback_message: z.string().trim().min(1).max(1000),
    }),
    appearance: z.object({
      position: z.enum(WIDGET_POSITIONS),
      theme: z.enum(WIDGET_THEMES),
      show_on_pages: z.array(pagePattern).max(100),
      hide_on_pages: z.array(pagePattern).max(100),
    }),
    analytics: z.object({ track_interactions: z.boolean(), track_inquiries: z.boolean() }),
  })
  .meta({
    id: "ChatSettings",
    example: {
      enabled: true,
      welcome_message: EXAMPLE_WELCOME,
      offline_message: EXAMPLE_OFFLINE,
      business_hours_enabled: false,
      business_hours: EXAMPLE_HOURS,
      auto_responses: {
        enabled: true,
        response_delay: 800,
        fallback_message: EXAMPLE_FALLBACK,
      },
      appearance: { position: "bottom-right", theme: "primary", show_on_pages: ["all"], hide_on_pages: ["/chat*"] },
      analytics: { track_interactions: true, track_inquiries: true },
    },
  });

export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

const settings = ChatSettingsSchema.shape;

/**
 * A change to the settings: any subset of the fields, nested objects too (a
 * day's hours, the auto-responses, the appearance); lists are replaced whole.
 * Each field given is checked as in the whole document; rules across fields
 * (a day's start before its end) once the change is merged over what is stored.
 */
export const ChatSettingsPatchSchema = ChatSettingsSchema.partial()
  .extend({
    business_hours: z
      .object(
        Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursFields.partial().optional()])) as Record<
          Weekday,
          z.ZodOptional<ReturnType<typeof dayHoursFields.partial>>
        >,
      )
      .optional(),
    auto_responses: settings.auto_responses.partial().optional(),
    appearance: settings.appearance.partial().optional(),
    analytics: settings.analytics.partial().optional(),
  })
  .meta({
    id: "ChatSettingsPatch",
    example: { welcome_message: "Hello from Providence!", auto_responses: { response_delay: 1200 } },
  });

export type ChatSettingsPatch = z.infer<typeof ChatSettingsPatchSchema>;

/**
 * GET /api/chat-settings: what the public widget follows (its look, its
 * messages, its replies and its analytics); the business hours stay on the
 * server, which sends the offline message when it is outside them.
 */
export const PublicChatSettingsSchema = z
  .object({
    enabled: settings.enabled,
    welcome_message: settings.welcome_message,
    auto_responses: settings.auto_responses,
    appearance: settings.appearance,
    analytics: settings.analytics,
    offline_message: settings.offline_message
      .optional()
      .meta({ description: "Present only when business hours are on and it is outside them" }),
  })
  .meta({
    id: "PublicChatSettings",
    example: {
      enabled: true,
      welcome_message: EXAMPLE_WELCOME,
      auto_responses: {
        enabled: true,
        response_delay: 800,
        fallback_message: EXAMPLE_FALLBACK,
      },
      appearance: { position: "bottom-right", theme: "primary", show_on_pages: ["all"], hide_on_pages: ["/chat*"] },
      analytics: { track_interactions: true, track_inquiries: true },
    },
  });

export type PublicChatSettings = z.infer<typeof PublicChatSettingsSchema>;

export const PublicChatSettingsResponseSchema = z.object({ settings: PublicChatSettingsSchema });

export type PublicChatSettingsResponse = z.infer<typeof PublicChatSettingsResponseSchema>;

/** GET /api/admin/chat-settings */
export const ChatSettingsResponseSchema = z.object({ settings: ChatSettingsSchema });

/** PUT /api/admin/chat-settings: the change, merged over what is stored. */
export const SaveChatSettingsBodySchema = z.object({ settings: ChatSettingsPatchSchema });

/** PUT /api/admin/chat-settings answer: everything as now stored. */
export const SavedChatSettingsSchema = z.object({ success: z.literal(true), settings: ChatSettingsSchema });

/** The assistant's settings: what the public widget follows, and the owner's whole set. */
export const chatSettingsEndpoints = {
  /** With an ETag: the widget's repeat visits get 304. */
  getPublic: endpoint({
    method: "get",
    path: CHAT_SETTINGS_PATH,
    access: "public",
    answer: PublicChatSettingsResponseSchema,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/chat-settings",
    access: "admin",
    answer: ChatSettingsResponseSchema,
  }),
  /** Any subset of the fields; the rest keep their values. */
  save: endpoint({
    method: "put",
    path: "/api/admin/chat-settings",
    access: "admin",
    body: SaveChatSettingsBodySchema,
    answer: SavedChatSettingsSchema,
  }),
};
