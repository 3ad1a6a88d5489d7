import type { ExclusionKind } from "~/contracts/analytics-exclusions";

/** What each kind is called in a sentence ("Excluded page", "Include this UTM source again"). */
export const EXCLUSION_KIND_NAMES: Record<ExclusionKind, string> = {
  path: "page",
  referrer: "referrer",
  utm_source: "UTM source",
};

/** The events' names as the screen shows them. */
export const EVENT_LABELS: Record<string, string> = {
  project_submission: "Project form sent",
  email_click: "E-mail link clicked",
  phone_click: "Phone link clicked",
  claim: "Website claimed",
  chat_open: "Chat opened",
  chat_message: "Chat message",
  chat_inquiry_started: "Chat inquiry started",
  chat_inquiry_completed: "Chat inquiry completed",
  booking_started: "Call time picked",
  booking_completed: "Call booked",
  error: "Error shown",
};

export const eventLabel = (name: string) => EVENT_LABELS[name] ?? name;
