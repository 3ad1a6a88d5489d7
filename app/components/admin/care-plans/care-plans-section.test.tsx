import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { CarePlan } from "~/contracts/care-plans";
import { carePlanKeys } from "./api";
import { CarePlansSection } from "./care-plans-section";

const plan: CarePlan = {
  id: 12,
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Harbor Bakery Website",
  name: "Hosting & support",
  amount_cents: 5_000,
  interval: "monthly",
  first_due_date: "2027-01-10",
  end_date: null,
  lead_days: 7,
  status: "active",
  next_due_date: "2027-03-10",
  next_invoice_date: "2027-03-03",
  monthly_cents: 5_000,
  time_zone: "America/New_York",
  paused_at: null,
  ended_at: null,
  created_at: "2026-12-07T15:00:00.000Z",
  autopay: { card: "Visa ending 4242", since: "2026-12-07T15:00:00.000Z" },
  periods: [
    {
      number: 1,
      due_date: "2027-02-10",
      state: "invoiced",
      invoice_id: 31,
      invoice_number: "INV-2027-0031",
      invoice_status: "sent",
      charge: { state: "failed", failure: "Your card has insufficient funds." },
    },
    {
      number: 0,
      due_date: "2027-01-10",
      state: "invoiced",
      invoice_id: 30,
      invoice_number: "INV-2027-0030",
      invoice_status: "paid",
      charge: { state: "succeeded", failure: null },
    },
  ],
};

/** The section as the owner sees it with the plans already read. */
function render(plans: CarePlan[]) {
  const client = new QueryClient();
  client.setQueryData(carePlanKeys.project(plan.project_id), plans);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <CarePlansSection projectId={plan.project_id} />
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("a care plan's automatic payment in the project", () => {
  it("names the card, the time it was saved with its zone, and each period's charge in Stripe's words", () => {
    const text = render([plan]);
    expect(text).toContain(
      "Automatic payment on: Visa ending 4242 , charged on each due date (since Dec 7, 2026, 10:00 AM EST).",
    );
    expect(text).toContain("Turn off automatic payment");
    expect(text).toContain("INV-2027-0031 · Sent · card charge failed: Your card has insufficient funds.");
    expect(text).toContain("INV-2027-0030 · Paid · paid by the saved card");
  });

  it("says automatic payment is off, and how the client turns it on, without a card", () => {
    const text = render([{ ...plan, autopay: null, periods: [] }]);
    expect(text).toContain(
      "Automatic payment off: each invoice has Pay Now. The client can save a card for it in the portal.",
    );
    expect(text).not.toContain("Turn off automatic payment");
  });
});
