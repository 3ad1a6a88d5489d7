/**
 * The example values of the bookings' schemas (app/contracts/bookings.ts and its parts): the API
 * docs and the OpenAPI document show them. One fictional call, its type, its slot and the owner's
 * settings, so every example speaks of the same booking.
 */

export const TYPE_EXAMPLE = {
  id: 1,
  slug: "discovery-call",
  name: "Discovery call",
  description: "A short, free conversation about your business and what the site should do.",
  length_minutes: 20,
  location_kind: "phone",
  location_detail: null,
  audience: "public",
  active: true,
} as const;
const { id: _id, location_detail: _detail, active: _active, ...publicType } = TYPE_EXAMPLE;
export const PUBLIC_TYPE_EXAMPLE = publicType;
export const SLOT_EXAMPLE = { start: "2027-01-12T19:00:00.000Z", end: "2027-01-12T19:20:00.000Z" };
export const BOOKING_EXAMPLE = {
  uid: "booking-6f1c2a90-5d1e-4c1b-9a55-0d7e3c2b8f11@websitesbytyler.com",
  meeting_name: "Discovery call",
  length_minutes: 20,
  location_kind: "phone",
  location: "(401) 555-0142",
  start: SLOT_EXAMPLE.start,
  end: SLOT_EXAMPLE.end,
  status: "confirmed",
  name: "Łucja Nguyễn",
  email: "lucja@example.com",
  time_zone: "America/New_York",
  reschedule_url: "https://websitesbytyler.com/book/reschedule/42.r.Qm9va2luZyBsaW5rIGV4YW1wbGUgb25seSwgbm90IHJlYWw",
  cancel_url: "https://websitesbytyler.com/book/cancel/42.c.Qm9va2luZyBsaW5rIGV4YW1wbGUgb25seSwgbm90IHJlYWw",
  type_slug: "discovery-call",
} as const;
export const OWNER_BOOKING_EXAMPLE = {
  id: 42,
  uid: BOOKING_EXAMPLE.uid,
  meeting_name: "Discovery call",
  type_slug: "discovery-call",
  location_kind: "phone",
  location_detail: null,
  start: SLOT_EXAMPLE.start,
  end: SLOT_EXAMPLE.end,
  status: "confirmed",
  name: "Łucja Nguyễn",
  email: "lucja@example.com",
  phone: "(401) 555-0142",
  about: "A site for our bakery in Warwick, with the menu and online orders",
  time_zone: "America/New_York",
  contact_id: 7,
  project_id: "WBT-2026-7KQ4MZ",
  owner_notes: "",
  cancel_message: null,
  cancelled_by: null,
  landing_page: "/warwick-web-design",
  sequence: 0,
  created_at: "2027-01-05T15:12:00.000Z",
} as const;
const WEEKLY_EXAMPLE = {
  "1": [{ start: "09:00", end: "17:00" }],
  "2": [{ start: "09:00", end: "17:00" }],
  "3": [{ start: "09:00", end: "17:00" }],
  "4": [{ start: "09:00", end: "17:00" }],
  "5": [{ start: "09:00", end: "12:00" }],
};
export const SETTINGS_EXAMPLE = {
  weekly_hours: WEEKLY_EXAMPLE,
  buffer_before_minutes: 10,
  buffer_after_minutes: 10,
  min_notice_minutes: 720,
  window_days: 30,
  max_per_day: 4,
  step_minutes: 30,
  busy_feed_url: null,
} as const;
export const FEEDS_EXAMPLE = {
  owner_feed_url: "webcal://websitesbytyler.com/api/calendar/3q2v9Xo7cH1nK4bqR0sT6wYzA8dE5fG2.ics",
  busy_feed_checked_at: "2027-01-05T15:10:00.000Z",
  busy_feed_ok_at: "2027-01-05T15:10:00.000Z",
  busy_feed_error: null,
  busy_count: 38,
};
export const SETTINGS_ANSWER_EXAMPLE = {
  time_zone: "America/New_York",
  settings: SETTINGS_EXAMPLE,
  overrides: [{ day: "2027-01-18", hours: [] }],
  types: [TYPE_EXAMPLE],
  feeds: FEEDS_EXAMPLE,
};
