/**
 * The bookings feature's face: what the other admin screens (the Bookings route, the settings,
 * the dashboard, a contact's and a project's details) take from it. Its other files are its own
 * (scripts/lint/import-rules.ts).
 */
export { type BookingListFilter, type BookingWhen } from "./api";
export { BookingDialog } from "./booking-dialog";
export { BookingsPanel, WHEN_LABELS } from "./bookings-panel";
export { CallsBlock } from "./calls-block";
export { callBookedLine } from "./labels";
export { BOOKING_SETTINGS_HREF, NextCallsCard } from "./next-calls-card";
export { BookingSettingsPanel } from "./settings-panel";
