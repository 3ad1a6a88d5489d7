import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { OwnerBooking } from "~/contracts/booking-owner";
import { bookingRequests } from "./api";
import { BookingDetails } from "./booking-dialog";
import { slotsByDay } from "./reschedule-form";

const booking: OwnerBooking = {
  id: 7,
  uid: "booking-7@websitesbytyler.test",
  meeting_name: "Discovery call",
  type_slug: "discovery-call",
  location_kind: "phone",
  location_detail: null,
  start: "2027-01-12T19:00:00.000Z",
  end: "2027-01-12T19:20:00.000Z",
  status: "confirmed",
  name: "Łucja Nguyễn",
  email: "lucja@example.com",
  phone: "(401) 555-0142",
  about: "A site for our bakery in Warwick",
  time_zone: "America/Los_Angeles",
  contact_id: 42,
  project_id: "WBT-2027-ABC123",
  owner_notes: "",
  cancel_message: null,
  cancelled_by: null,
  landing_page: "/web-design-for-bakeries",
  sequence: 0,
  created_at: "2027-01-05T15:00:00.000Z",
};

/** fetch answering `booking` as it would be after the change, recording each request. */
function stubApi(answer: Partial<OwnerBooking> = {}) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ booking: { ...booking, ...answer } }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return () => {
    const [url, init] = fetch.mock.calls.at(-1)!;
    return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined };
  };
}

describe("a booking's actions", () => {
  it("saves the notes and marks a no-show or confirmed through PATCH /api/admin/bookings/{id}", async () => {
    let last = stubApi({ owner_notes: "Wants online orders" });
    const saved = await bookingRequests.saveNotes(7, "Wants online orders");
    expect(last()).toEqual({
      url: "/api/admin/bookings/7",
      method: "PATCH",
      body: { owner_notes: "Wants online orders" },
    });
    expect(saved.owner_notes).toBe("Wants online orders");

    last = stubApi({ status: "no_show" });
    expect((await bookingRequests.setStatus(7, "no_show")).status).toBe("no_show");
    expect(last()).toEqual({ url: "/api/admin/bookings/7", method: "PATCH", body: { status: "no_show" } });

    last = stubApi();
    await bookingRequests.setStatus(7, "confirmed");
    expect(last()).toEqual({ url: "/api/admin/bookings/7", method: "PATCH", body: { status: "confirmed" } });
  });

  it("cancels with the message through ownerCancel, and moves through ownerReschedule", async () => {
    let last = stubApi({ status: "cancelled", cancelled_by: "owner", cancel_message: "Something came up" });
    const cancelled = await bookingRequests.cancel(7, "Something came up");
    expect(last()).toEqual({
      url: "/api/admin/bookings/7/cancel",
      method: "POST",
      body: { message: "Something came up" },
    });
    expect(cancelled.status).toBe("cancelled");

    last = stubApi({ start: "2027-01-14T15:00:00.000Z", end: "2027-01-14T15:20:00.000Z", sequence: 1 });
    const moved = await bookingRequests.reschedule(7, "2027-01-14T15:00:00.000Z");
    expect(last()).toEqual({
      url: "/api/admin/bookings/7/reschedule",
      method: "POST",
      body: { start: "2027-01-14T15:00:00.000Z" },
    });
    expect(moved.sequence).toBe(1);
  });

  it("says the server's refusal in its own words", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "This call was cancelled" }), { status: 409 })),
    );
    await expect(bookingRequests.reschedule(7, "2027-01-14T15:00:00.000Z")).rejects.toThrow("This call was cancelled");
  });
});

const render = (b: OwnerBooking) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BookingDetails booking={b} mode="view" onMode={() => {}} onChanged={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, "|")
    .replace(/\|+/g, "|");

describe("a booking's details", () => {
  it("shows the time in the business's zone and the visitor's, and the actions of a confirmed call", () => {
    const text = render(booking);
    expect(text).toContain("Tue, Jan 12, 2027, 2:00 PM EST");
    expect(text).toContain("Tue, Jan 12, 11:00 AM PST |(America/Los_Angeles)");
    expect(text).toContain("Mark no-show");
    expect(text).not.toContain("Mark confirmed");
    expect(text).toContain("Reschedule");
    expect(text).toContain("Cancel call");
  });

  it("offers Mark confirmed for a no-show, and no action on a cancelled call", () => {
    expect(render({ ...booking, status: "no_show" })).toContain("Mark confirmed");
    const cancelled = render({
      ...booking,
      status: "cancelled",
      cancelled_by: "visitor",
      cancel_message: "Found someone local",
    });
    expect(cancelled).toContain("by the visitor");
    expect(cancelled).toContain("Found someone local");
    for (const action of ["Mark no-show", "Mark confirmed", "Reschedule", "Cancel call"])
      expect(cancelled).not.toContain(action);
  });

  it("groups the free times by their day in the business's zone", () => {
    const days = slotsByDay([
      { start: "2027-01-13T04:30:00.000Z", end: "2027-01-13T04:50:00.000Z" }, // 11:30 PM EST on the 12th
      { start: "2027-01-13T14:00:00.000Z", end: "2027-01-13T14:20:00.000Z" },
      { start: "2027-01-13T15:00:00.000Z", end: "2027-01-13T15:20:00.000Z" },
    ]);
    expect(days.map(([day, slots]) => [day, slots.length])).toEqual([
      ["2027-01-12", 1],
      ["2027-01-13", 2],
    ]);
  });
});
