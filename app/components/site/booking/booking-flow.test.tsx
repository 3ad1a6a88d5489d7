import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultTypeShell, DISCOVERY_CALL_SLUG } from "~/content/booking-pages";
import { BookingFlow } from "./booking-flow";
import { BookPage } from "./book-page";
import { readPrefill, withoutPersonalPrefill } from "./prefill";
import { initialValues } from "./booking-draft";
import { current, fakeApi, openPage, slotAt, type ApiCall, type Page } from "./booking-dom.test-support";

/**
 * The booking page in a (small) browser: the month view's keys, a time taken meanwhile, a refused
 * field, and the details the start-project confirmation's link brings (docs/product/bookings.md
 * "The booking page").
 */

// Times in New York: the 12th has three free times, the 13th one, February 2nd one.
const SLOTS = [
  slotAt("2027-01-12T14:00:00Z"),
  slotAt("2027-01-12T15:00:00Z"),
  slotAt("2027-01-12T19:30:00Z"),
  slotAt("2027-01-13T14:00:00Z"),
  slotAt("2027-02-02T15:00:00Z"),
];
const BOOKABLE_UNTIL = "2027-03-06T12:00:00.000Z";
const LUCJA = {
  name: "Łucja Nguyễn",
  email: "lucja@example.com",
  phone: "(401) 555-0199",
  about: "A site for our bakery in Warwick: the menu, the hours and catering orders.",
};

const booked = (call: ApiCall) => {
  const body = call.body as { start: string; name: string; email: string; phone: string; time_zone: string };
  return {
    status: 201,
    body: {
      booking: {
        uid: "booking-1@websitesbytyler.com",
        meeting_name: "Discovery call",
        length_minutes: 20,
        location_kind: "phone",
        location: body.phone,
        start: body.start,
        end: new Date(Date.parse(body.start) + 20 * 60_000).toISOString(),
        status: "confirmed",
        name: body.name,
        email: body.email,
        time_zone: body.time_zone,
        reschedule_url: "https://websitesbytyler.com/book/reschedule/1.r.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
        cancel_url: "https://websitesbytyler.com/book/cancel/1.c.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
        type_slug: "discovery-call",
      },
    },
  };
};

let page: Page;
beforeEach(() => {
  // The visitor is in New York, on January 5, 2027.
  vi.stubEnv("TZ", "America/New_York");
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2027-01-05T15:00:00Z"));
});
afterEach(() => page?.unmount());

const dayButton = (day: string) => page.document.querySelector(`button[data-day="${day}"]`)!;
const lastFocused = () => page.focused.at(-1);
const availabilityCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === "/api/booking/availability");

async function openFlow(
  onPost?: (call: ApiCall) => { status: number; body: object },
  options: { analytics?: boolean } = {},
) {
  const api = fakeApi({ slots: SLOTS, bookableUntil: BOOKABLE_UNTIL, onPost });
  page = openPage(api.fetch as unknown as typeof fetch);
  if (options.analytics)
    page.window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, analytics: true, marketing: false, updatedAt: "2027-01-05T14:00:00.000Z" }),
    );
  await page.render(
    <BookingFlow slug={DISCOVERY_CALL_SLUG} shell={defaultTypeShell(DISCOVERY_CALL_SLUG)!} prefill={LUCJA} />,
    "/book/discovery-call",
  );
  await page.until(() => expect(dayButton("2027-01-12").getAttribute("aria-label")).toContain("times free"));
  return api;
}

describe("the month view", () => {
  it("marks the days with free times, names each day with its count, and moves by the arrow keys", async () => {
    const api = await openFlow();
    expect(page.text()).toContain("Times in Eastern Time (America/New_York)");
    expect(page.document.querySelector('[role="grid"]')).not.toBeNull();
    expect(dayButton("2027-01-12").getAttribute("aria-label")).toBe("Tuesday, January 12, 3 times free");
    expect(dayButton("2027-01-13").getAttribute("aria-label")).toBe("Wednesday, January 13, 1 time free");
    expect(dayButton("2027-01-11").getAttribute("aria-label")).toBe("Monday, January 11, no free times");
    expect(dayButton("2027-01-11").getAttribute("aria-disabled")).toBe("true");
    expect(dayButton("2027-01-12").hasAttribute("aria-disabled")).toBe(false);
    // One month asked, as the zone draws it.
    const [first] = availabilityCalls(api.calls);
    expect(first!.query.get("start")).toBe("2027-01-01T05:00:00.000Z");
    expect(first!.query.get("end")).toBe("2027-02-01T05:00:00.000Z");

    // Only one day is in the tab order: the first with free times.
    const inTabOrder = () => [...page.document.querySelectorAll('button[data-day][tabindex="0"]')];
    expect(inTabOrder().map((b) => b.getAttribute("data-day"))).toEqual(["2027-01-12"]);

    await page.key(dayButton("2027-01-12"), "ArrowRight");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-01-13");
    await page.key(dayButton("2027-01-13"), "ArrowDown");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-01-20");
    await page.key(dayButton("2027-01-20"), "Home");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-01-17");
    await page.key(dayButton("2027-01-17"), "End");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-01-23");
    expect(inTabOrder().map((b) => b.getAttribute("data-day"))).toEqual(["2027-01-23"]);

    // Page Down: the next month, asked of the API, the same date focused.
    await page.key(dayButton("2027-01-23"), "PageDown");
    await page.until(() => expect(dayButton("2027-02-02").getAttribute("aria-label")).toContain("1 time free"));
    expect(page.text()).toContain("February 2027");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-02-23");
    expect(availabilityCalls(api.calls).at(-1)!.query.get("start")).toBe("2027-02-01T05:00:00.000Z");

    // Back to January, and no further: the days before today are not bookable.
    await page.key(dayButton("2027-02-23"), "PageUp");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-01-23");
    await page.key(dayButton("2027-01-23"), "PageUp");
    expect(lastFocused()?.getAttribute("data-day")).toBe("2027-01-23");
    expect(page.buttonNamed(/^Previous month/).disabled).toBe(true);
    // The window ends in March.
    expect(page.buttonNamed(/^Next month/).disabled).toBe(false);
  });

  it("shows a chosen day's times and takes the focus to them; a day without times cannot be chosen", async () => {
    await openFlow();
    await page.click(dayButton("2027-01-11"));
    expect(page.text()).toContain("Pick a highlighted day");

    await page.click(dayButton("2027-01-12"));
    const heading = lastFocused();
    expect(heading?.tagName).toBe("H3");
    expect(heading?.textContent).toBe("Free times on Tuesday, January 12");
    expect(page.buttonNamed("9:00 AM")).toBeTruthy();
    expect(page.buttonNamed("10:00 AM")).toBeTruthy();
    expect(page.buttonNamed("2:30 PM")).toBeTruthy();

    // A time: the short form, its heading focused, the time named in the zone.
    await page.click(page.buttonNamed("10:00 AM"));
    expect(page.buttonNamed("10:00 AM").getAttribute("aria-pressed")).toBe("true");
    expect(lastFocused()?.textContent).toBe("Your details");
    expect(page.text()).toContain("Tuesday, January 12, 2027 at 10:00 AM");
    expect(page.text()).toContain("(Eastern Time), 20 minutes");
  });
});

describe("sending", () => {
  it("offers the next free times when the time was just taken, then books one of them", async () => {
    let posts = 0;
    const api = await openFlow(
      (call) =>
        ++posts === 1
          ? {
              status: 409,
              body: {
                success: false,
                error: "That time was just taken",
                next_slots: [slotAt("2027-01-13T14:00:00Z"), slotAt("2027-02-02T15:00:00Z")],
              },
            }
          : booked(call),
      { analytics: true },
    );
    await page.click(dayButton("2027-01-12"));
    await page.click(page.buttonNamed("10:00 AM"));
    // What the start-project form's link brought is in the fields.
    expect(page.valueOf("Your name")).toBe(LUCJA.name);
    expect(page.valueOf("Email")).toBe(LUCJA.email);
    expect(page.valueOf("Phone")).toBe(LUCJA.phone);

    const asked = availabilityCalls(api.calls).length;
    await page.submit(page.document.querySelector("form")!);
    await page.until(() => expect(page.text()).toContain("That time was just taken"));
    const alert = page.document.querySelector('[role="alert"]')!;
    expect(lastFocused()).toBe(alert);
    expect(alert.textContent).toContain("The next free times, in your time zone:");
    // The month is asked again: the taken time must go.
    await page.until(() => expect(availabilityCalls(api.calls).length).toBeGreaterThan(asked));
    // Nothing typed is lost.
    expect(page.valueOf("Your name")).toBe(LUCJA.name);

    await page.click(page.buttonNamed("Wednesday, January 13, 9:00 AM"));
    expect(page.text()).not.toContain("That time was just taken");
    expect(page.text()).toContain("Wednesday, January 13, 2027 at 9:00 AM");
    expect(lastFocused()?.textContent).toBe("Your details");

    await page.submit(page.document.querySelector("form")!);
    await page.until(() => expect(page.text()).toContain("You're booked"));
    const sent = api.calls.filter((c) => c.method === "POST").map((c) => c.body as Record<string, unknown>);
    expect(sent.map((body) => body.start)).toEqual(["2027-01-12T15:00:00.000Z", "2027-01-13T14:00:00.000Z"]);
    expect(sent[1]).toMatchObject({
      type: "discovery-call",
      name: LUCJA.name,
      email: LUCJA.email,
      phone: LUCJA.phone,
      about: LUCJA.about,
      time_zone: "America/New_York",
      hp_extra_info: "",
    });
    expect(sent[1]!.attribution).toMatchObject({ analytics_consent: true });
    // With the visitor's OK, a time picked and a call booked are counted, once each, with the page.
    const events = (page.window as unknown as { dataLayer: { event: string }[] }).dataLayer;
    expect(events.filter((e) => e.event.startsWith("booking_"))).toEqual([
      { event: "booking_started", page_path: "/book/discovery-call" },
      { event: "booking_completed", page_path: "/book/discovery-call" },
    ]);
    expect(page.text()).toContain("Tyler calls you at (401) 555-0199");
    expect(page.text()).toContain("A confirmation with a calendar invitation is on its way to lucja@example.com");
    expect(page.text()).toContain("Wednesday, January 13, 2027 at 9:00 AM");
    const links = [...page.document.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain("/book/reschedule/1.r.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    expect(links).toContain("/book/cancel/1.c.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
  });

  it("shows a refused field's message beside it and keeps what was typed", async () => {
    await openFlow(() => ({
      status: 400,
      body: {
        success: false,
        error: "Please check the e-mail address.",
        fields: { email: "This address bounced before: check it for a typo" },
      },
    }));
    await page.click(dayButton("2027-01-13"));
    await page.click(page.buttonNamed("9:00 AM"));
    await page.submit(page.document.querySelector("form")!);
    await page.until(() => expect(page.text()).toContain("This address bounced before"));
    const email = page.byLabel("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(page.document.getElementById(email.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toBe(
      "This address bounced before: check it for a typo",
    );
    expect(page.text()).toContain("Please check the e-mail address.");
    expect(page.valueOf("Email")).toBe(LUCJA.email);
    expect(page.valueOf("What is your project about?")).toBe(LUCJA.about);
  });

  it("asks for a phone number for a phone call before sending, and says why", async () => {
    const api = fakeApi({ slots: SLOTS, bookableUntil: BOOKABLE_UNTIL, onPost: booked });
    page = openPage(api.fetch as unknown as typeof fetch);
    await page.render(
      <BookingFlow
        slug={DISCOVERY_CALL_SLUG}
        shell={defaultTypeShell(DISCOVERY_CALL_SLUG)!}
        prefill={{ name: LUCJA.name, email: LUCJA.email }}
      />,
      "/book/discovery-call",
    );
    await page.until(() => expect(dayButton("2027-01-13").getAttribute("aria-label")).toContain("1 time free"));
    await page.click(dayButton("2027-01-13"));
    await page.click(page.buttonNamed("9:00 AM"));
    const phone = page.byLabel("Phone");
    expect(phone.hasAttribute("required")).toBe(true);
    expect(page.text()).toContain("Needed: Tyler calls you on this number");
    await page.submit(page.document.querySelector("form")!);
    expect(page.text()).toContain("The call is by phone, so Tyler needs a number to call you on");
    expect(lastFocused()).toBe(phone);
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("the details a link brings", () => {
  it("reads ?name=&email=&phone=&about=&project=, trimmed and capped", () => {
    expect(
      readPrefill("?name=%20%C5%81ucja%20Nguy%E1%BB%85n%20&email=lucja%40example.com&about=&project=WBT-2027-7KQ4MZ"),
    ).toEqual({ name: "Łucja Nguyễn", email: "lucja@example.com", project: "WBT-2027-7KQ4MZ" });
    expect(readPrefill(`?about=${"x".repeat(3000)}`).about).toHaveLength(1000);
    expect(withoutPersonalPrefill("?name=A&email=b%40c.d&project=WBT-1&utm_source=mail")).toBe(
      "?project=WBT-1&utm_source=mail",
    );
  });

  it("lets the link's details win over an older draft in the tab, and the draft fill the rest", () => {
    const stored = new Map<string, string>([
      [
        "booking-draft:new",
        JSON.stringify({ values: { name: "Old name", about: "Typed earlier" }, savedAt: "2027-01-05T14:00:00Z" }),
      ],
    ]);
    const storage = {
      length: stored.size,
      key: () => null,
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: () => {},
      removeItem: () => {},
    };
    expect(initialValues({ name: "Łucja Nguyễn", email: "lucja@example.com" }, storage)).toEqual({
      name: "Łucja Nguyễn",
      email: "lucja@example.com",
      phone: "",
      about: "Typed earlier",
    });
  });

  it("fills the form from the page's address, keeps it in the tab and drops it from the address bar", async () => {
    const api = fakeApi({ slots: SLOTS, bookableUntil: BOOKABLE_UNTIL });
    page = openPage(api.fetch as unknown as typeof fetch);
    const query = new URLSearchParams({ ...LUCJA, project: "WBT-2027-7KQ4MZ" });
    await page.render(<BookPage slug={DISCOVERY_CALL_SLUG} />, "/book/:slug", `/book/discovery-call?${query}`);
    expect(page.document.querySelector("h1")?.textContent).toBe("Book a Discovery Call");
    expect(page.text()).toContain("20 minutes");
    expect(page.text()).toContain("Tyler calls you at the number you give.");
    await page.until(() => expect(current.location).toBe("/book/discovery-call?project=WBT-2027-7KQ4MZ"));
    await page.until(() => expect(dayButton("2027-01-12").getAttribute("aria-label")).toContain("3 times free"));
    expect(JSON.parse(page.sessionStorage.getItem("booking-draft:new")!).values).toEqual(LUCJA);

    await page.click(dayButton("2027-01-12"));
    await page.click(page.buttonNamed("2:30 PM"));
    expect(page.valueOf("Your name")).toBe(LUCJA.name);
    expect(page.valueOf("Email")).toBe(LUCJA.email);
    expect(page.valueOf("Phone")).toBe(LUCJA.phone);
    expect(page.valueOf("What is your project about?")).toBe(LUCJA.about);
  });
});
