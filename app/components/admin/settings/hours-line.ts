import { site } from "~/config/site";
import { isWithinBusinessHours, localClock, toMinutes, type BusinessHoursSettings } from "~/lib/chat/business-hours";

/** 570 -> "9:30 AM", as the time inputs show it. */
const clockTime = (minutes: number) => {
  const hour = Math.floor(minutes / 60) % 24;
  return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
};

/** "EST" or "EDT", as it is at `now` in `timeZone`. */
const zoneName = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(now)
    .find((part) => part.type === "timeZoneName")?.value ?? timeZone;

/**
 * Why the preview shows online or offline, in words: the business's weekday and time now, and
 * today's hours. The verdict is the widget's own (isWithinBusinessHours), not reckoned again here.
 */
export function hoursLine(settings: BusinessHoursSettings, now: Date, timeZone: string = site.timeZone): string {
  if (!settings.business_hours_enabled) return "Business hours are off: the chat always shows as online.";
  const { day, minutes } = localClock(now, timeZone);
  const today = settings.business_hours[day];
  const clock = `It is ${day.charAt(0).toUpperCase()}${day.slice(1)} ${clockTime(minutes)} ${zoneName(now, timeZone)}`;
  if (!today.enabled) return `${clock}, a closed day: the chat shows as offline.`;
  const hours = `today's hours (${clockTime(toMinutes(today.start))}-${clockTime(toMinutes(today.end))})`;
  return isWithinBusinessHours(settings, now, timeZone)
    ? `${clock}, within ${hours}: the chat shows as online.`
    : `${clock}, outside ${hours}: the chat shows as offline.`;
}
