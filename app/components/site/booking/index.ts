/**
 * Booking a call (docs/product/bookings.md): what the rest of the site takes from this feature,
 * the pages of /book and of a booking's links. The calendar, the form and the confirmation load as
 * chunks of their own from inside. Other pages link here with `bookPath()` and
 * `BookCallCard` (app/content/booking-links.ts, app/components/site/sections/book-call-card.tsx),
 * which bring none of this feature with them.
 */
export { BookPage } from "./book-page";
export { BookList } from "./book-list";
export { ManagePage } from "./manage-page";
export type { ManageAction } from "./manage-view";
