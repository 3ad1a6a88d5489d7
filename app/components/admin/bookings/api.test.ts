import { describe, expect, it } from "vitest";
import { bookingsEndpoints } from "~/contracts/bookings";
import { urlOf } from "~/lib/api/call";
import { bookingListQuery, callsOfQuery, NEXT_CALLS_QUERY, type BookingListFilter } from "./api";

/** The address the list is asked at. */
const listPath = (filter: BookingListFilter) => urlOf(bookingsEndpoints.list, { query: bookingListQuery(filter) });
const base: BookingListFilter = { when: "upcoming", status: "all", q: "", page: 1 };

describe("the Bookings screen's query", () => {
  it("asks for the tab's first 25, soonest first by default", () => {
    expect(listPath(base)).toBe("/api/admin/bookings?when=upcoming&limit=25&offset=0");
  });

  it("adds the status, the search (trimmed) and the page's offset", () => {
    expect(listPath({ when: "past", status: "no_show", q: "  ann@example.com ", page: 3 })).toBe(
      "/api/admin/bookings?when=past&status=no_show&search=ann%40example.com&limit=25&offset=50",
    );
    expect(listPath({ ...base, when: "all", status: "cancelled" })).toBe(
      "/api/admin/bookings?when=all&status=cancelled&limit=25&offset=0",
    );
    // A blank search is no search.
    expect(listPath({ ...base, q: "   " })).toBe("/api/admin/bookings?when=upcoming&limit=25&offset=0");
  });

  it("asks for a contact's or a project's calls, all of them, and the dashboard's 5 next", () => {
    expect(urlOf(bookingsEndpoints.list, { query: callsOfQuery({ contactId: 42 }) })).toBe(
      "/api/admin/bookings?when=all&contact_id=42&limit=10",
    );
    expect(urlOf(bookingsEndpoints.list, { query: callsOfQuery({ projectId: "WBT-2027-ABC123" }) })).toBe(
      "/api/admin/bookings?when=all&project_id=WBT-2027-ABC123&limit=10",
    );
    expect(urlOf(bookingsEndpoints.list, { query: NEXT_CALLS_QUERY })).toBe(
      "/api/admin/bookings?when=upcoming&status=confirmed&limit=5",
    );
  });
});
