/**
 * The words and prices of the owner's quotes and invoices beyond the price tiers
 * (site.pricing.tiers): the add-on lines a small-business site is quoted with, the reasons
 * clients give for declining, the extra work billed by hand after launch, and what the owner
 * notes on payments and voids. Prices in cents, in the range of docs/product/data-and-retention.md
 * "Prices and delivery" (a whole quote stays within $75 to about $2,500).
 */

/** [description, unit price in cents, the quantities it is quoted with]: a quote's lines after its tier. */
// prettier-ignore
export const ADD_ONS: readonly (readonly [string, number, readonly number[]])[] = [
  ["Online booking setup (calendar, reminders, deposit on booking)", 15_000, [1]],
  ["Copywriting, per page", 4_000, [2, 3, 4, 5]],
  ["Photo session on site (up to two hours, edited photos)", 12_000, [1]],
  ["Logo cleanup, favicon and social images", 6_000, [1]],
  ["Menu page with a specials section you can update", 9_000, [1]],
  ["Google Business Profile setup and linking", 5_000, [1]],
  ["Spanish version, per page", 3_500, [3, 4, 6]],
  ["Extra page", 7_500, [1, 2, 3]],
  ["Online store setup (up to 20 products)", 45_000, [1]],
  ["Content moved from the old site, per hour", 6_000, [1.5, 2, 2.5, 4]],
  ["Before and after gallery", 8_000, [1]],
  ["Quote request form with photo upload", 7_000, [1]],
];

/** A declined quote's reason, as the client typed it ('' for none given). */
// prettier-ignore
export const DECLINE_REASONS = [
  "", "", "Budget is tighter than we thought this year.", "We decided to wait until next spring.",
  "A friend of the family is going to build it for us.", "Went with a bigger agency that also does our ads.",
  "We're selling the business, so no new website for now.", "Staying on our page builder for another year.",
];

/** [description, unit price in cents] of the work billed by hand after launch (invoice kind "manual"). */
// prettier-ignore
export const EXTRA_WORK: readonly (readonly [string, number])[] = [
  ["Seasonal menu and hours update", 4_500],
  ["New page: catering", 7_500],
  ["Online ordering add-on", 25_000],
  ["Holiday specials banner and page", 5_000],
  ["Second location page and map", 9_000],
  ["Photo refresh: 20 new photos placed and optimized", 6_000],
  ["Booking page for a new service", 6_500],
  ["Event page and sign-up form", 8_500],
];

/** Why the owner voided an invoice (it keeps its number). */
// prettier-ignore
export const VOID_REASONS = [
  "Wrong amount: written before the quote's last revision.", "Sent to the wrong contact; reissued.",
  "Duplicate of an invoice sent the same day.", "The client asked to split it in two payments.",
];

/** Why the deposit of a project put on hold before it was paid was voided. */
export const ON_HOLD_VOID = "Project on hold at the client's request: a new deposit invoice when it starts again.";

/** The browsers clients accept quotes from (user agents as the portal records them). */
// prettier-ignore
export const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 14; SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
];
