import { expect, test, type Page } from "./test";
import { OWNER_STATE } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { queryAppDb } from "./db";
import { dismissCookieBanner, expectNoHorizontalOverflow, waitForHydration } from "./fixtures";

/**
 * The first step of the process, end to end (docs/product/bookings.md): on a phone, a visitor
 * sends the start-project form and books the discovery call from its confirmation, what they typed
 * already filled in. Both confirmation e-mails are in the outbox with their invitation. The owner,
 * at a desk, sees the call on the dashboard and on the lead, and moves it; the visitor's e-mail of
 * the new time carries the same invitation UID with a higher SEQUENCE.
 */
const LOADED = { timeout: 20_000 };
const TIME = /^\d{1,2}:\d{2} [AP]M$/;

type Mail = { kind: string; to_address: string; text: string; calendar: { method: string; content: string } | null };
const mailTo = (kind: string, to: string) =>
  queryAppDb<Mail>(
    "select kind, to_address, text, calendar from email_outbox where kind = $1 and to_address = $2 order by id desc",
    [kind, to],
  );
const uidOf = (ics: string) => /^UID:(.+)$/m.exec(ics.replace(/\r\n[ \t]/g, ""))?.[1]?.trim();
const sequenceOf = (ics: string) => Number(/^SEQUENCE:(\d+)$/m.exec(ics)?.[1]);

/** Books the first free time on the page, taking the next one offered when another journey was first. */
async function bookFirstFreeTime(page: Page) {
  const freeDay = page
    .getByRole("grid")
    .getByRole("button", { name: /\d+ times? free$/ })
    .first();
  await expect(freeDay).toBeVisible(LOADED);
  await freeDay.click();
  await page.getByRole("button", { name: TIME }).first().click();
  const booked = page.getByRole("heading", { name: "You're booked" });
  for (let attempt = 0; attempt < 3 && !(await booked.isVisible()); attempt++) {
    await page.getByRole("button", { name: "Book the call" }).click();
    const taken = page.getByText("That time was just taken");
    await expect(booked.or(taken)).toBeVisible(LOADED);
    if (await taken.isVisible()) await page.getByRole("alert").getByRole("button").first().click();
  }
  await expect(booked).toBeVisible();
}

test(
  "a lead books the discovery call from the start-project confirmation; the owner sees it and moves it @phone",
  { tag: ["@db"] },
  async ({ browser, page }) => {
    const email = `lucja.${unique()}@example.com`;
    await dismissCookieBanner(page);
    await page.goto("/start-project");
    await waitForHydration(page);
    await page.getByLabel("Your name").fill("Łucja Nguyễn");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("(401) 555-0142");
    await page.getByLabel("Business name").fill("Nguyễn Bakery");
    await page.getByLabel("What kind of site?").selectOption("business");
    await page.getByLabel("Budget").selectOption("500-plus");
    await page.getByLabel("Timeline").selectOption("asap");
    await page
      .getByLabel("Describe your project")
      .fill("A site for our Warwick bakery: the menu, catering orders and our hours, in English and Polish.");
    await page.getByRole("button", { name: "Send Project Details" }).click();
    await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toBeVisible(LOADED);
    const projectId = (await page
      .getByText(/^WBT-\d{4}-[A-Z2-9]{6}$/)
      .first()
      .textContent())!.trim();

    // From the confirmation to the booking page, with what was typed already there.
    await page.getByRole("link", { name: "Book your discovery call" }).click();
    await expect(page).toHaveURL(/\/book\/discovery-call/);
    await expect(page.getByRole("heading", { level: 1, name: "Book a Discovery Call" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await bookFirstFreeTime(page);
    await expect(page.locator("main")).toContainText(`on its way to ${email}`);
    await expectNoHorizontalOverflow(page);

    // Both confirmations, each with the invitation: one UID, SEQUENCE 0, METHOD:REQUEST.
    const [confirmation] = await mailTo("booking_confirmation", email);
    expect(confirmation?.calendar?.method).toBe("REQUEST");
    const uid = uidOf(confirmation!.calendar!.content)!;
    expect(uid).toMatch(/^booking-/);
    expect(sequenceOf(confirmation!.calendar!.content)).toBe(0);
    const [booking] = await queryAppDb<{ id: string; contact_id: string; project_id: string | null; starts_at: Date }>(
      "select id, contact_id, project_id, starts_at from bookings where email = $1",
      [email],
    );
    expect(booking!.project_id).toBe(projectId);
    const [notice] = await queryAppDb<Mail>(
      "select kind, to_address, text, calendar from email_outbox where kind = 'booking_notice' and text like $1",
      [`%${email}%`],
    );
    expect(notice?.calendar?.content).toContain(`UID:${uid}`);

    // The owner, at a desk: the call on the dashboard and on the lead.
    const ownerContext = await browser.newContext({
      storageState: OWNER_STATE,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const owner = await ownerContext.newPage();
      await owner.goto("/admin");
      const card = owner.getByTestId("next-calls");
      await expect(card.getByRole("heading", { name: "Next calls" })).toBeVisible(LOADED);
      // The five soonest calls still on; other journeys book the same days meanwhile.
      const soonest = await queryAppDb<{ id: string }>(
        "select id from bookings where status = 'confirmed' and ends_at >= now() order by starts_at, id limit 5",
      );
      if (soonest.some((row) => row.id === booking!.id))
        await expect(card.locator(`a[href="/admin/bookings?booking=${booking!.id}"]`)).toContainText(
          "Łucja Nguyễn · Discovery call",
          LOADED,
        );
      else await expect(card.getByTestId("next-call")).toHaveCount(5, LOADED);
      // The lead's row in the Leads list names the call, and so do its details.
      await owner.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
      await expect(owner.getByTestId("contact-next-call").first()).toHaveText(
        /^Call booked: \w{3} \w{3} \d{1,2}, .* E[SD]T$/,
        LOADED,
      );
      await owner.goto(`/admin/contacts?contact=${booking!.contact_id}`);
      const contact = owner.getByRole("dialog", { name: "Contact Details" });
      await expect(contact.getByTestId("calls-block")).toContainText(
        /Call booked: \w{3} \w{3} \d{1,2}, .* E[SD]T/,
        LOADED,
      );

      // The owner moves the call to the last day with free times.
      await owner.goto(`/admin/bookings?booking=${booking!.id}`);
      const dialog = owner.getByRole("dialog", { name: "Booking" });
      await expect(dialog).toContainText("Łucja Nguyễn", LOADED);
      await dialog.getByRole("button", { name: "Reschedule" }).click();
      const move = owner.getByRole("dialog", { name: "Reschedule call" });
      const day = move.getByLabel("Day");
      await expect(day).toBeVisible(LOADED);
      const days = await day
        .locator("option")
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      await day.selectOption(days.at(-1)!);
      const choices = move.locator("label").filter({ has: owner.getByRole("radio") });
      const movedTo = owner.getByText(/^Call moved to /);
      let newStart: string | null = null;
      // The other runs of this journey move their calls to the same day: a time taken first is
      // refused ("That time was just taken"), and the next one is chosen.
      for (let attempt = 0; attempt < 4 && !(await movedTo.isVisible()); attempt++) {
        const choice = choices.nth(attempt);
        newStart = await choice.getByRole("radio").getAttribute("value");
        await choice.click();
        await move.getByRole("button", { name: "Move the call" }).click();
        await expect(movedTo.or(move.getByText("That time was just taken"))).toBeVisible(LOADED);
      }
      await expect(movedTo).toBeVisible();

      // The visitor's e-mail of the new time: the same event, a higher SEQUENCE, the new start.
      const [moved] = await mailTo("booking_rescheduled", email);
      expect(moved?.calendar?.method).toBe("REQUEST");
      expect(uidOf(moved!.calendar!.content)).toBe(uid);
      expect(sequenceOf(moved!.calendar!.content)).toBe(1);
      const compact = new Date(newStart!)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
      expect(moved!.calendar!.content).toContain(`DTSTART:${compact}`);
    } finally {
      await ownerContext.close();
    }
  },
);
