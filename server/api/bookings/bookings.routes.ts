import { z } from "@hono/zod-openapi";
import { bookingsEndpoints as endpoints } from "~/contracts/bookings";
import { PublicFormErrorSchema } from "~/contracts/intake";
import { adminErrors, errorResponses, json, notFound } from "../../lib/openapi";
import { publicBody } from "../../lib/public-write";
import { routeOf } from "../../lib/route-of";
import { portalErrors } from "../../lib/billing-http";

/** Bookable calls (docs/product/bookings.md "The calls"). */
const tags = ["Bookings"];
const adminTags = ["Admin: bookings"];

const RetryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds until this address may book again", example: "540" }),
});

const slotTaken = errorResponses([409], {
  409: "That time was just taken (or is no longer offered): `next_slots` holds the next free times (SlotTaken); or the call was cancelled or is past",
});

/** The public writes' refusals, as the lead forms answer them. */
const publicWriteErrors = {
  400: json(
    PublicFormErrorSchema,
    "Refused: an unreadable body, a field at fault (`fields` names each one), or an automated-looking post",
  ),
  404: json(PublicFormErrorSchema, "No meeting type by this name may be booked here"),
  ...slotTaken,
  429: { ...json(PublicFormErrorSchema, "Too many bookings from this address: see Retry-After"), headers: RetryAfter },
};

export const typesRoute = routeOf(endpoints.types, {
  tags,
  summary: "The meeting types anyone may book, and the business's time zone",
  answer: "The public meeting types",
});

export const availabilityRoute = routeOf(endpoints.availability, {
  tags,
  summary: "The free slots of a meeting type between two instants (at most 42 days)",
  description:
    "Within the weekly hours and date overrides (the business's time zone), outside other calls and the owner's busy times with the buffers, after the minimum notice and before the booking window ends.",
  answer: "The free slots, each as UTC instants",
  responses: { ...errorResponses([400]), ...notFound },
});

export const bookRoute = routeOf(endpoints.book, {
  tags,
  summary:
    "Book a call: the contact found or made by e-mail, the confirmation and the owner's notice with their invitations",
  middleware: [publicBody("json")],
  bodyDescription: "The chosen time and who books it",
  answer: "Booked",
  responses: publicWriteErrors,
});

export const portalBookRoute = routeOf(endpoints.portalBook, {
  tags: ["Client portal: bookings"],
  summary: "A client books a check-in about one of their projects",
  answer: "Booked",
  responses: { ...portalErrors, ...slotTaken, ...errorResponses([400]) },
});

const tokenErrors = errorResponses([404, 409], {
  404: "This link is not valid",
  409: "The call was cancelled, or its time has passed",
});

export const manageRoute = routeOf(endpoints.manage, {
  tags,
  summary: "What a reschedule or cancel link opens: the booking, and what its token may do",
  answer: "The booking",
  responses: errorResponses([404], { 404: "This link is not valid" }),
});

export const rescheduleRoute = routeOf(endpoints.reschedule, {
  tags,
  summary: "Move the call to another free time (the same invitation, its SEQUENCE raised)",
  answer: "Moved",
  responses: { ...errorResponses([400, 404], { 404: "This link is not valid" }), ...slotTaken },
});

export const cancelRoute = routeOf(endpoints.cancel, {
  tags,
  summary: "Cancel the call (METHOD:CANCEL to both calendars)",
  answer: "Cancelled",
  responses: { ...tokenErrors, ...errorResponses([400]) },
});

export const feedRoute = routeOf(endpoints.feed, {
  tags,
  summary:
    "The owner's calendar feed: every booking from 90 days back (subscribe with webcal://…/api/calendar/<token>.ics)",
  answer: "An iCalendar file",
  responses: errorResponses([404], { 404: "No feed at this address (it may have been regenerated)" }),
});

export const settingsRoute = routeOf(endpoints.settings, {
  tags: adminTags,
  summary: "The booking settings: hours, overrides, buffers, notice, window, limit, meeting types and feeds",
  answer: "The settings",
  responses: adminErrors,
});

export const updateSettingsRoute = routeOf(endpoints.updateSettings, {
  tags: adminTags,
  summary: "Save the hours, overrides, buffers, notice, window, limit and the calendar address",
  answer: "The saved settings",
  responses: adminErrors,
});

export const createTypeRoute = routeOf(endpoints.createType, {
  tags: adminTags,
  summary: "A new meeting type",
  answer: "Created",
  responses: { ...adminErrors, ...errorResponses([409], { 409: "The address name is taken" }) },
});

export const updateTypeRoute = routeOf(endpoints.updateType, {
  tags: adminTags,
  summary: "Change a meeting type (bookings made keep the name, length and place they were booked with)",
  answer: "Saved",
  responses: { ...adminErrors, ...notFound, ...errorResponses([409], { 409: "The address name is taken" }) },
});

export const regenerateFeedRoute = routeOf(endpoints.regenerateFeed, {
  tags: adminTags,
  summary: "A new secret address for the owner's calendar feed; the old one stops working",
  answer: "The settings with the new address",
  responses: adminErrors,
});

export const refreshBusyRoute = routeOf(endpoints.refreshBusy, {
  tags: adminTags,
  summary: "Read the owner's calendar now",
  answer: "The feeds' state after the read",
  responses: adminErrors,
});

export const listRoute = routeOf(endpoints.list, {
  tags: adminTags,
  summary: "Bookings, upcoming (soonest first) or past (newest first), filtered and paged on the server",
  answer: "A page of bookings",
  responses: adminErrors,
});

export const getRoute = routeOf(endpoints.get, {
  tags: adminTags,
  summary: "One booking, as the Bookings screen shows it",
  answer: "The booking",
  responses: { ...adminErrors, ...notFound },
});

export const updateRoute = routeOf(endpoints.update, {
  tags: adminTags,
  summary: "Notes on a call, or mark it a no-show (or confirmed again)",
  answer: "Saved",
  responses: { ...adminErrors, ...notFound, ...errorResponses([409]) },
});

export const ownerCancelRoute = routeOf(endpoints.ownerCancel, {
  tags: adminTags,
  summary: "Cancel a call with a message to the visitor",
  answer: "Cancelled",
  responses: { ...adminErrors, ...notFound },
});

export const ownerRescheduleRoute = routeOf(endpoints.ownerReschedule, {
  tags: adminTags,
  summary: "Move a call; the visitor gets the new time and invitation",
  answer: "Moved",
  responses: { ...adminErrors, ...notFound, ...slotTaken, ...errorResponses([409]) },
});
