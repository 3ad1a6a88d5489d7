import type { ChatSettings, Weekday } from "~/contracts/chat-settings";

/**
 * Whether the assistant shows as online (docs/product/settings.md "Chat settings entity": business
 * hours per weekday). One reckoning for the server, which adds the offline message to GET
 * /api/chat-settings, and for the back office's preview of the widget. No zod here: the preview and
 * the server import it as it is.
 */
export type BusinessHoursSettings = Pick<ChatSettings, "business_hours_enabled" | "business_hours">;

/** Weekday and minutes since midnight in `timeZone` (the business's, America/New_York). */
export function localClock(now: Date, timeZone: string): { day: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: get("weekday").toLowerCase() as Weekday, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

/** "09:30" -> 570. */
export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Inside today's hours: the day is on, from its start up to (not including) its end. */
export function isWithinBusinessHours(settings: BusinessHoursSettings, now: Date, timeZone: string): boolean {
  const { day: today, minutes } = localClock(now, timeZone);
  const hours = settings.business_hours[today];
  return hours.enabled && minutes >= toMinutes(hours.start) && minutes < toMinutes(hours.end);
}

/** Offline only when the owner keeps business hours and it is outside them; otherwise always online. */
export function isChatOffline(settings: BusinessHoursSettings, now: Date, timeZone: string): boolean {
  return settings.business_hours_enabled && !isWithinBusinessHours(settings, now, timeZone);
}
