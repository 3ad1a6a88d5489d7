import { describe, expect, it } from "vitest";
import type { Quote } from "~/contracts/quotes";
import { writeQuoteDecision } from "./billing";

/** The billing e-mails keep the one clock (docs/product/billing.md "Times"): the business's zone, named. */

const QUOTE = {
  id: 12,
  number: "Q-2026-0012",
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Harbor Bakery Website Project",
  status: "accepted",
  total_cents: 27_500,
  deposit_percent: 50,
  deposit_cents: 13_750,
  acceptance: {
    full_name: "Łucja Dvořák Nguyễn",
    accepted_at: "2026-12-06T06:34:00.000Z",
    ip_address: null,
    user_agent: null,
    content_hash: "sha256:abc",
  },
} as Quote;

describe("the owner's e-mail of an acceptance", () => {
  it("gives the time of the acceptance in the business's zone, named", () => {
    const winter = writeQuoteDecision(QUOTE, "https://example.test", "owner@example.test").text;
    expect(winter).toContain("Accepted at: December 6, 2026 at 1:34 AM EST");
    const summer = writeQuoteDecision(
      { ...QUOTE, acceptance: { ...QUOTE.acceptance!, accepted_at: "2026-07-04T01:05:00.000Z" } },
      "https://example.test",
      "owner@example.test",
    ).text;
    expect(summer).toContain("Accepted at: July 3, 2026 at 9:05 PM EDT");
  });
});
