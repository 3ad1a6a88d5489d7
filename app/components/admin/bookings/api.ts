import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BodyOf, QueryOf } from "~/contracts/endpoint";
import type { BookingSettingsAnswer, BOOKING_WHEN, OwnerBooking } from "~/contracts/booking-owner";
import type { MeetingType } from "~/contracts/booking-public";
import { bookingsEndpoints } from "~/contracts/bookings";
import type { BookingStatus } from "~/contracts/booking-terms";
import { offsetOf } from "~/contracts/paging";
import { adminCall } from "~/lib/admin/call";

/**
 * The owner's booking calls: the settings (hours, overrides, meeting types, the two calendar
 * feeds), the Bookings screen's pages, a contact's or a project's calls, the dashboard's next
 * calls, and the changes to one booking, with their cache keys.
 */

export type BookingWhen = (typeof BOOKING_WHEN)[number];

/** The Bookings screen's rows per page (the API's default for this list). */
export const BOOKINGS_PAGE_SIZE = 25;

/** One page of the Bookings screen: what the address holds. */
export interface BookingListFilter {
  when: BookingWhen;
  status: BookingStatus | "all";
  q: string;
  page: number;
}

export type BookingListQuery = NonNullable<QueryOf<typeof bookingsEndpoints.list>>;

export const bookingKeys = {
  all: ["admin", "bookings"] as const,
  settings: ["admin", "bookings", "settings"] as const,
  lists: ["admin", "bookings", "list"] as const,
  list: (query: BookingListQuery) => ["admin", "bookings", "list", query] as const,
  availability: (type: string, start: string, end: string) =>
    ["admin", "bookings", "availability", type, start, end] as const,
};

/** The screen's filters as the API's query: the tab, the status, the search, the page. */
export function bookingListQuery(filter: BookingListFilter, pageSize = BOOKINGS_PAGE_SIZE): BookingListQuery {
  return {
    when: filter.when,
    status: filter.status !== "all" ? filter.status : undefined,
    search: filter.q.trim() || undefined,
    limit: pageSize,
    offset: offsetOf(filter.page, pageSize),
  };
}

/** A contact's or a project's calls, newest first: the few its details show. */
export function callsOfQuery(owner: { contactId: number } | { projectId: string }): BookingListQuery {
  return {
    when: "all",
    ...("contactId" in owner ? { contact_id: owner.contactId } : { project_id: owner.projectId }),
    limit: 10,
  };
}

/** The dashboard's next calls: the 5 soonest still on. */
export const NEXT_CALLS_QUERY: BookingListQuery = { when: "upcoming", status: "confirmed", limit: 5 };

/** After a change to a booking: every list of bookings, and the contacts' logs the server wrote to. */
export async function refreshBookings(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.lists }),
    queryClient.invalidateQueries({ queryKey: ["admin", "contacts", "detail"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "contacts", "communications"] }),
  ]);
}

function listBookings(query: BookingListQuery, signal?: AbortSignal) {
  return adminCall(bookingsEndpoints.list, {
    query,
    fallbackError: "Failed to fetch bookings",
    refusalWords: "action",
    signal,
  });
}

export function useBookingPage(filter: BookingListFilter) {
  const query = bookingListQuery(filter);
  return useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => listBookings(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Any list of bookings (a contact's, a project's, the dashboard's), asked once when shown. */
export function useBookingList(query: BookingListQuery, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => listBookings(query, signal),
    enabled,
  });
}

/**
 * The changes to one booking, each its own call (the detail's actions). Each answers the booking
 * as it now is.
 */
export const bookingRequests = {
  saveNotes: (id: number, ownerNotes: string) =>
    adminCall(bookingsEndpoints.update, {
      params: { id },
      body: { owner_notes: ownerNotes },
      fallbackError: "Failed to save the notes",
      refusalWords: "action",
    }).then((r) => r.booking),
  setStatus: (id: number, status: "confirmed" | "no_show") =>
    adminCall(bookingsEndpoints.update, {
      params: { id },
      body: { status },
      fallbackError: status === "no_show" ? "Failed to mark the no-show" : "Failed to mark the call confirmed",
      refusalWords: "action",
    }).then((r) => r.booking),
  cancel: (id: number, message: string) =>
    adminCall(bookingsEndpoints.ownerCancel, {
      params: { id },
      body: { message },
      fallbackError: "Failed to cancel the call",
      refusalWords: "action",
    }).then((r) => r.booking),
  reschedule: (id: number, start: string) =>
    adminCall(bookingsEndpoints.ownerReschedule, {
      params: { id },
      body: { start },
      fallbackError: "Failed to move the call",
      refusalWords: "action",
    }).then((r) => r.booking),
};

/** One booking by its id (an address's ?booking=ID that is not on the list's page). */
export function useBooking(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...bookingKeys.all, "one", id] as const,
    queryFn: ({ signal }) =>
      adminCall(bookingsEndpoints.get, {
        params: { id: id! },
        signal,
        fallbackError: "Failed to fetch the booking",
      }).then((r) => r.booking),
    enabled: enabled && id !== null,
  });
}

/** A change to one booking: every list is read again once it is made. */
export function useBookingChange<V>(request: (vars: V) => Promise<OwnerBooking>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => refreshBookings(queryClient) });
}

/** The free times of a meeting type between two instants (at most 42 days), for a move. */
export function useAvailability(type: string, start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.availability(type, start, end),
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) =>
      adminCall(bookingsEndpoints.availability, {
        query: { type, start, end },
        fallbackError: "Failed to fetch the free times",
        refusalWords: "action",
        signal,
      }),
  });
}

export function useBookingSettings() {
  return useQuery({
    queryKey: bookingKeys.settings,
    queryFn: ({ signal }) =>
      adminCall(bookingsEndpoints.settings, {
        fallbackError: "Failed to load the booking settings",
        refusalWords: "action",
        signal,
      }),
  });
}

export type SettingsBody = BodyOf<typeof bookingsEndpoints.updateSettings>;

export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      adminCall(bookingsEndpoints.updateSettings, {
        body,
        fallbackError: "Failed to save the booking settings",
        refusalWords: "action",
      }),
    onSuccess: (answer) => queryClient.setQueryData<BookingSettingsAnswer>(bookingKeys.settings, answer),
  });
}

export type MeetingTypeBody = BodyOf<typeof bookingsEndpoints.createType>;

/** Adds a meeting type, or saves one (with its id). */
export function useSaveMeetingType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MeetingTypeBody }): Promise<MeetingType> =>
      (id === null
        ? adminCall(bookingsEndpoints.createType, {
            body,
            fallbackError: "Failed to add the meeting type",
            refusalWords: "action",
          })
        : adminCall(bookingsEndpoints.updateType, {
            params: { id },
            body,
            fallbackError: "Failed to save the meeting type",
            refusalWords: "action",
          })
      ).then((r) => r.type),
    onSuccess: (saved) => {
      queryClient.setQueryData<BookingSettingsAnswer>(bookingKeys.settings, (answer) => {
        if (!answer) return answer;
        const known = answer.types.some((t) => t.id === saved.id);
        return {
          ...answer,
          types: known ? answer.types.map((t) => (t.id === saved.id ? saved : t)) : [...answer.types, saved],
        };
      });
    },
  });
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminCall(bookingsEndpoints.regenerateFeed, {
        fallbackError: "Failed to make a new calendar address",
        refusalWords: "action",
      }),
    // Only the feeds: what is being typed in the settings form stays as typed.
    onSuccess: (answer) =>
      queryClient.setQueryData<BookingSettingsAnswer>(bookingKeys.settings, (current) =>
        current ? { ...current, feeds: answer.feeds } : answer,
      ),
  });
}

export function useRefreshBusy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminCall(bookingsEndpoints.refreshBusy, {
        fallbackError: "Failed to read your calendar",
        refusalWords: "action",
      }),
    onSuccess: (feeds) => {
      queryClient.setQueryData<BookingSettingsAnswer>(bookingKeys.settings, (current) =>
        current ? { ...current, feeds } : current,
      );
      // The free times follow the busy times just read.
      void queryClient.invalidateQueries({ queryKey: ["admin", "bookings", "availability"] });
    },
  });
}
