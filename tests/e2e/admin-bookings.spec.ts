import { expect, test, type APIRequestContext, type Locator, type Page } from "./test";
import type { BookingSettingsAnswer, OwnerBooking } from "~/contracts/booking-owner";
import type { BookingSlot, PublicBooking } from "~/contracts/booking-public";
import { callBookedLine, callTime } from "../../app/components/admin/bookings/labels";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";

/**
 * The owner's side of booked calls: Settings, Booking (the weekly hours saved, a refused value kept
 * as typed), calls booked through the public API seen on the Bookings screen, the dashboard's Next
 * calls and the contact's details; a note, a move to another free time, a cancellation with a
 * message; and the screens' accessibility on a desktop and a phone.
 */

const LOADED = { timeout: 20_000 };
const DAY_MS = 24 * 60 * 60 * 1000;
const auth = () => ({ Authorization: `Bearer ${ownerToken()}` });

/** Refused requests a journey causes on purpose; nothing else may be logged as an error. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource") && !(e.includes("hydrat") && e.includes("nonce")));

const json = async <T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> => {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
};

const readSettings = async (request: APIRequestContext) =>
  json<BookingSettingsAnswer>(await request.get("/api/admin/booking/settings", { headers: auth() }));

/** Puts the settings back as they were (other journeys book against them). */
async function restoreSettings(request: APIRequestContext, original: BookingSettingsAnswer) {
  await json(
    await request.put("/api/admin/booking/settings", {
      headers: auth(),
      data: { ...original.settings, overrides: original.overrides },
    }),
  );
}

/** The free times of the discovery call in the next two weeks. */
async function freeSlots(request: APIRequestContext): Promise<BookingSlot[]> {
  const start = new Date().toISOString();
  const end = new Date(Date.now() + 14 * DAY_MS).toISOString();
  const answer = await json<{ slots: BookingSlot[] }>(
    await request.get(
      `/api/booking/availability?type=discovery-call&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
    ),
  );
  expect(answer.slots.length, "free discovery-call times in the next two weeks").toBeGreaterThan(1);
  return answer.slots;
}

/**
 * A call booked as a visitor books it on /book, at `slot`; when another journey took that time
 * meanwhile (409), at the next free time the answer names.
 */
async function book(request: APIRequestContext, slot: BookingSlot, who: string) {
  const t = unique();
  const name = `${who} ${t}`;
  const email = `${who.toLowerCase().replace(/\W+/g, ".")}.${t}@example.com`;
  let start = slot.start;
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await request.post("/api/bookings", {
      data: {
        type: "discovery-call",
        start,
        name,
        email,
        phone: "(401) 555-0142",
        about: `A site for ${who}'s bakery in Warwick`,
        time_zone: "America/Chicago",
      },
    });
    if (res.status() === 409) {
      const taken = (await res.json()) as { next_slots: BookingSlot[] };
      expect(taken.next_slots.length, "the next free times of a taken slot").toBeGreaterThan(0);
      start = taken.next_slots[0]!.start;
      continue;
    }
    const { booking } = await json<{ booking: PublicBooking }>(res, 201);
    return { name, email, booking };
  }
  throw new Error(`No free time could be booked for ${who}`);
}

/** The owner's view of a booking, found by its visitor's e-mail. */
async function ownerView(request: APIRequestContext, email: string): Promise<OwnerBooking> {
  const { bookings } = await json<{ bookings: OwnerBooking[] }>(
    await request.get(`/api/admin/bookings?when=all&search=${encodeURIComponent(email)}`, { headers: auth() }),
  );
  expect(bookings).toHaveLength(1);
  return bookings[0]!;
}

/** The Bookings screen searched for one visitor: their row (or card on a phone). */
async function searchBookings(page: Page, text: string): Promise<Locator> {
  await page.getByLabel("Search bookings").fill(text);
  await page.getByLabel("Search bookings").press("Enter");
  await expect(page).toHaveURL(/[?&]q=/, LOADED);
  const record = page.locator("[data-record-id]").filter({ hasText: text });
  await expect(record).toHaveCount(1, LOADED);
  return record;
}

test.describe("bookings in the back office", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  // One after the other: both book the first free times.
  test.describe.configure({ timeout: 120_000, mode: "default" });

  // The hours are the one settings row every booking journey shares: the change only adds free
  // times (Saturday morning), and the settings go back as they were, whatever happens.
  test("the owner saves the hours, sees the calls booked, notes one, moves it and cancels another", async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    const original = await readSettings(request);
    try {
      // Settings, Booking: Saturday opened 10:00-14:00 (only adds free times), a refused notice kept as typed.
      await openSignedIn(page, "/admin/settings#booking");
      const section = page.getByTestId("booking-settings");
      await expect(section.getByRole("heading", { name: "Booking", level: 2 })).toBeVisible(LOADED);
      const form = section.getByRole("form", { name: "Booking hours and rules" });
      await expect(form.getByText("America/New_York").first()).toBeVisible(LOADED);
      const saturday = form.getByRole("checkbox", { name: "Saturday" });
      if (await saturday.isChecked()) await saturday.uncheck();
      await saturday.check();
      await form.getByLabel("Saturday, block from").fill("10:00");
      await form.getByLabel("Saturday, block until").fill("14:00");
      const notice = form.getByLabel("Minimum notice (hours)");
      const noticeBefore = await notice.inputValue();
      await notice.fill("a day");
      await form.getByRole("button", { name: "Save Booking Settings" }).click();
      await expect(form.getByText("The minimum notice is a number of hours, from 0 to 336")).toBeVisible();
      await expect(notice).toBeFocused();
      await expect(notice).toHaveValue("a day");
      await expect(form.getByLabel("Saturday, block until")).toHaveValue("14:00");
      await notice.fill(noticeBefore);
      await form.getByRole("button", { name: "Save Booking Settings" }).click();
      await expect(page.getByText("Booking settings saved")).toBeVisible(LOADED);
      expect((await readSettings(request)).settings.weekly_hours["6"]).toEqual([{ start: "10:00", end: "14:00" }]);

      // Two calls booked on /book, in the first free times of two different days.
      const slots = await freeSlots(request);
      const dayOf = (slot: BookingSlot) => new Date(slot.start).toDateString();
      const first = slots[0]!;
      const other = slots.find((slot, i) => i > 1 && dayOf(slot) !== dayOf(first)) ?? slots.at(-1)!;
      const ann = await book(request, first, "Ann Baker");
      const ben = await book(request, other, "Ben Cooper");

      // The dashboard's Next calls: the 5 soonest calls still on, as the API lists them.
      const next = await json<{ bookings: OwnerBooking[] }>(
        await request.get("/api/admin/bookings?when=upcoming&status=confirmed&limit=5", { headers: auth() }),
      );
      await openSignedIn(page, "/admin");
      const card = page.getByTestId("next-calls");
      await expect(card.getByRole("heading", { name: "Next calls" })).toBeVisible(LOADED);
      await expect(card.getByTestId("next-call")).toHaveCount(next.bookings.length, LOADED);
      for (const b of next.bookings) await expect(card.getByText(`${b.name} · ${b.meeting_name}`)).toBeVisible();
      if (next.bookings.some((b) => b.email === ann.email)) {
        const link = card.getByRole("link", { name: new RegExp(ann.name) });
        await expect(link).toContainText(callTime(ann.booking.start));
        await link.click();
        await expect(page).toHaveURL(/\/admin\/bookings\?booking=\d+/);
        await expect(page.getByRole("dialog", { name: "Booking" })).toContainText(ann.name, LOADED);
        await page.getByRole("dialog", { name: "Booking" }).getByRole("button", { name: "Close" }).click();
      }

      // Bookings: the call in the business's zone, named; its details, a note.
      await openSignedIn(page, "/admin/bookings");
      await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible(LOADED);
      const row = await searchBookings(page, ann.name);
      await expect(row).toContainText(callTime(ann.booking.start));
      await expect(row).toContainText(/\b(EST|EDT)\b/);
      await expect(row).toContainText(ann.email);
      await expect(row).toContainText("(401) 555-0142");
      await expect(row).toContainText("Discovery call");
      await expect(row).toContainText("Confirmed");
      await expect(row.getByRole("link", { name: /Contact/ })).toHaveAttribute(
        "href",
        /\/admin\/contacts\?contact=\d+/,
      );
      await row.getByRole("button", { name: /Details/ }).click();
      const dialog = page.getByRole("dialog", { name: "Booking" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/[?&]booking=\d+/);
      await expect(dialog).toContainText("(America/Chicago)");
      await expect(dialog).toContainText(`A site for Ann Baker's bakery in Warwick`);
      await dialog.getByLabel("Your notes").fill("Wants online orders; call back in March");
      await dialog.getByRole("button", { name: "Save notes" }).click();
      await expect(page.getByText("Notes saved")).toBeVisible();
      expect((await ownerView(request, ann.email)).owner_notes).toBe("Wants online orders; call back in March");

      // Reschedule to a free time of another day.
      await dialog.getByRole("button", { name: "Reschedule" }).click();
      const move = page.getByRole("dialog", { name: "Reschedule call" });
      const day = move.getByLabel("Day");
      await expect(day).toBeVisible(LOADED);
      const days = await day
        .locator("option")
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(days.length).toBeGreaterThan(0);
      await day.selectOption(days.at(-1)!);
      // The times are radios drawn as buttons: each one's label is what is tapped. The journey's
      // run on the other screen moves its call to the same day: a time it took first is refused
      // ("That time was just taken"), and the next one is chosen.
      const choices = move.locator("label").filter({ has: page.getByRole("radio") });
      const movedTo = page.getByText(/^Call moved to /);
      let newStart: string | null = null;
      for (let attempt = 0; attempt < 4 && !(await movedTo.isVisible()); attempt++) {
        const choice = choices.nth(attempt);
        const time = choice.getByRole("radio");
        newStart = await time.getAttribute("value");
        expect(newStart).toBeTruthy();
        await choice.click();
        await expect(time).toBeChecked();
        await move.getByRole("button", { name: "Move the call" }).click();
        await expect(movedTo.or(move.getByText("That time was just taken"))).toBeVisible(LOADED);
      }
      await expect(page.getByText(`Call moved to ${callTime(newStart!)}`)).toBeVisible(LOADED);
      const moved = await ownerView(request, ann.email);
      expect(moved.start).toBe(new Date(newStart!).toISOString());
      expect(moved.status).toBe("confirmed");
      await expect(page.getByRole("dialog", { name: "Booking" })).toContainText(callTime(newStart!));
      await page.getByRole("dialog", { name: "Booking" }).getByRole("button", { name: "Close" }).click();
      await expect(page).not.toHaveURL(/booking=/);

      // The contact's details read the next call.
      // (The link opens the details once, then leaves the address clean.)
      await page.goto(`/admin/contacts?contact=${moved.contact_id}`);
      await waitForHydration(page);
      const contact = page.getByRole("dialog", { name: "Contact Details" });
      await expect(contact.getByTestId("calls-block")).toContainText(callBookedLine(moved.start), LOADED);

      // Cancel the other call with a message, from its own address.
      const benView = await ownerView(request, ben.email);
      await openSignedIn(page, `/admin/bookings?booking=${benView.id}`);
      const benDialog = page.getByRole("dialog", { name: "Booking" });
      await expect(benDialog).toContainText(ben.name, LOADED);
      await benDialog.getByRole("button", { name: "Cancel call" }).click();
      const cancel = page.getByRole("dialog", { name: "Cancel call" });
      await cancel.getByLabel(/Message to/).fill("I'm sorry, I have to move this: please pick another time.");
      await cancel.getByRole("button", { name: "Cancel call" }).click();
      await expect(page.getByText(`Call cancelled. ${ben.name} was told by e-mail.`)).toBeVisible(LOADED);
      const cancelled = await ownerView(request, ben.email);
      expect(cancelled.status).toBe("cancelled");
      expect(cancelled.cancelled_by).toBe("owner");
      expect(cancelled.cancel_message).toBe("I'm sorry, I have to move this: please pick another time.");
      await expect(page.getByRole("dialog", { name: "Booking" })).toContainText("by you");
      await page.getByRole("dialog", { name: "Booking" }).getByRole("button", { name: "Close" }).click();

      // The status filter and the search ask the server for just that.
      const asked = page.waitForRequest(
        (req) => req.url().includes("/api/admin/bookings?") && req.url().includes("status=cancelled"),
      );
      await page.getByLabel("Status").selectOption("cancelled");
      expect(new URL((await asked).url()).searchParams.get("status")).toBe("cancelled");
      const benRow = await searchBookings(page, ben.name);
      await expect(benRow).toContainText("Cancelled");
    } finally {
      await restoreSettings(request, original);
    }
    expect(unexpected(errors)).toEqual([]);
  });

  test("the settings, the Bookings screen, a call's details and the dashboard are accessible and fit a phone @phone", async ({
    page,
    request,
  }, info) => {
    const phone = info.project.name === "phone";
    const slots = await freeSlots(request);
    // Each project books its own time: the desktop an early one, the phone the last.
    const visitor = await book(request, phone ? slots.at(-1)! : slots[1]!, phone ? "Cleo Phone" : "Dana Desk");

    await openSignedIn(page, "/admin/settings#booking");
    const section = page.getByTestId("booking-settings");
    await expect(section.getByRole("button", { name: "Save Booking Settings" })).toBeVisible(LOADED);
    await expect(section.getByTestId("meeting-type").first()).toBeVisible();
    // axe reads the settings page, this section included, once per screen size in admin-settings.spec.ts.
    if (phone) await expectNoHorizontalOverflow(page);

    await openSignedIn(page, "/admin/bookings?when=all");
    await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible(LOADED);
    await searchBookings(page, visitor.name);
    await expectAccessible(page);
    if (phone) await expectNoHorizontalOverflow(page);

    const { id } = await ownerView(request, visitor.email);
    await openSignedIn(page, `/admin/bookings?booking=${id}`);
    const dialog = page.getByRole("dialog", { name: "Booking" });
    await expect(dialog).toContainText(visitor.name, LOADED);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(page.getByRole("dialog", { name: "Reschedule call" }).getByLabel("Day")).toBeVisible(LOADED);
    await expectAccessible(page);

    await openSignedIn(page, "/admin");
    await expect(page.getByTestId("next-calls").getByRole("heading", { name: "Next calls" })).toBeVisible(LOADED);
    await expect(page.getByTestId("next-call").first()).toBeVisible(LOADED);
    await expectAccessible(page);
    if (phone) await expectNoHorizontalOverflow(page);
  });
});

test("the owner's booking screens wait for a signed-in owner", async ({ page }) => {
  await page.goto("/admin/bookings");
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fbookings/);
});
