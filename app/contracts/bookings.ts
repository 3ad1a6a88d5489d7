import { z } from "~/contracts/zod";
import {
  BookingChangeSchema,
  BookingListAnswerSchema,
  BookingListQuerySchema,
  BookingSettingsAnswerSchema,
  BookingSettingsInputSchema,
  FeedStatusSchema,
  MeetingTypeAnswerSchema,
  MeetingTypeInputSchema,
  OwnerBookingAnswerSchema,
  OwnerCancelSchema,
  OwnerRescheduleSchema,
} from "./booking-owner";
import {
  AvailabilityAnswerSchema,
  AvailabilityQuerySchema,
  BookingAnswerSchema,
  BookingTokenParam,
  CancelSchema,
  ManageAnswerSchema,
  MeetingTypesAnswerSchema,
  NewBookingSchema,
  PortalBookingSchema,
  RescheduleSchema,
} from "./booking-public";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/**
 * Bookable calls (docs/product/bookings.md): the endpoint table of the visitors' booking page and
 * its links to move or cancel a call, a client's check-in from the portal, the owner's settings
 * and Bookings screen, and the owner's calendar feed. The schemas are in booking-public.ts (the
 * visitors' side) and booking-owner.ts (the owner's), their examples in booking-examples.ts.
 */

export const bookingsEndpoints = {
  /** The meeting types anyone may book, and the business's zone. */
  types: endpoint({ method: "get", path: "/api/booking/types", access: "public", answer: MeetingTypesAnswerSchema }),
  /** The free slots of a meeting type between two instants (at most 42 days). */
  availability: endpoint({
    method: "get",
    path: "/api/booking/availability",
    access: "public",
    query: AvailabilityQuerySchema,
    answer: AvailabilityAnswerSchema,
  }),
  /** A visitor books a public meeting type. */
  book: endpoint({
    method: "post",
    path: "/api/bookings",
    access: "public",
    body: NewBookingSchema,
    answer: BookingAnswerSchema,
    status: 201,
  }),
  /** A client books a check-in about one of their projects, from the portal. */
  portalBook: endpoint({
    method: "post",
    path: "/api/client-portal/projects/{id}/bookings",
    access: "portal",
    params: ProjectIdParam,
    body: PortalBookingSchema,
    answer: BookingAnswerSchema,
    status: 201,
  }),
  /** What a reschedule or cancel link's token opens. */
  manage: endpoint({
    method: "get",
    path: "/api/bookings/manage/{token}",
    access: "public",
    params: BookingTokenParam,
    answer: ManageAnswerSchema,
  }),
  reschedule: endpoint({
    method: "post",
    path: "/api/bookings/reschedule/{token}",
    access: "public",
    params: BookingTokenParam,
    body: RescheduleSchema,
    answer: BookingAnswerSchema,
  }),
  cancel: endpoint({
    method: "post",
    path: "/api/bookings/cancel/{token}",
    access: "public",
    params: BookingTokenParam,
    body: CancelSchema,
    optionalBody: true,
    answer: BookingAnswerSchema,
  }),
  /** The owner's calendar feed (webcal://): every booking, for a phone's calendar. */
  feed: endpoint({
    method: "get",
    path: "/api/calendar/{token}",
    access: "public",
    params: BookingTokenParam,
    answer: z.string().meta({ description: "An iCalendar file (METHOD:PUBLISH)" }),
    contentType: "text/calendar",
  }),
  settings: endpoint({
    method: "get",
    path: "/api/admin/booking/settings",
    access: "admin",
    answer: BookingSettingsAnswerSchema,
  }),
  updateSettings: endpoint({
    method: "put",
    path: "/api/admin/booking/settings",
    access: "admin",
    body: BookingSettingsInputSchema,
    answer: BookingSettingsAnswerSchema,
  }),
  createType: endpoint({
    method: "post",
    path: "/api/admin/booking/types",
    access: "admin",
    body: MeetingTypeInputSchema,
    answer: MeetingTypeAnswerSchema,
    status: 201,
  }),
  updateType: endpoint({
    method: "put",
    path: "/api/admin/booking/types/{id}",
    access: "admin",
    params: IdParam,
    body: MeetingTypeInputSchema,
    answer: MeetingTypeAnswerSchema,
  }),
  /** A new secret for the owner's feed: the old address stops working at once. */
  regenerateFeed: endpoint({
    method: "post",
    path: "/api/admin/booking/feed-token",
    access: "admin",
    answer: BookingSettingsAnswerSchema,
  }),
  /** Reads the owner's calendar now, rather than at the next few minutes' turn. */
  refreshBusy: endpoint({
    method: "post",
    path: "/api/admin/booking/busy-feed/refresh",
    access: "admin",
    answer: FeedStatusSchema,
  }),
  list: endpoint({
    method: "get",
    path: "/api/admin/bookings",
    access: "admin",
    query: BookingListQuerySchema,
    answer: BookingListAnswerSchema,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/bookings/{id}",
    access: "admin",
    params: IdParam,
    answer: OwnerBookingAnswerSchema,
  }),
  update: endpoint({
    method: "patch",
    path: "/api/admin/bookings/{id}",
    access: "admin",
    params: IdParam,
    body: BookingChangeSchema,
    answer: OwnerBookingAnswerSchema,
  }),
  ownerCancel: endpoint({
    method: "post",
    path: "/api/admin/bookings/{id}/cancel",
    access: "admin",
    params: IdParam,
    body: OwnerCancelSchema,
    optionalBody: true,
    answer: OwnerBookingAnswerSchema,
  }),
  ownerReschedule: endpoint({
    method: "post",
    path: "/api/admin/bookings/{id}/reschedule",
    access: "admin",
    params: IdParam,
    body: OwnerRescheduleSchema,
    answer: OwnerBookingAnswerSchema,
  }),
};
