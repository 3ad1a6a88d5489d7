import { groupThousands } from "../lib/number-format";
/**
 * The business facts, in one typed place. Every page, e-mail and piece of
 * structured data reads them from here, never from a copy.
 */
export const CITY_SLUGS = [
  "providence",
  "warwick",
  "newport",
  "cranston",
  "north-kingstown",
  "pawtucket",
  "east-providence",
  "woonsocket",
  "south-kingstown",
  "westerly",
  "bristol",
] as const;
export type CitySlug = (typeof CITY_SLUGS)[number];

export interface ServedCity {
  slug: CitySlug;
  name: string;
  /** docs/product/landing-pages.md "City pages": /{city}-web-design */
  path: `/${CitySlug}-web-design`;
}

const CITY_NAMES: Record<CitySlug, string> = {
  providence: "Providence",
  warwick: "Warwick",
  newport: "Newport",
  cranston: "Cranston",
  "north-kingstown": "North Kingstown",
  pawtucket: "Pawtucket",
  "east-providence": "East Providence",
  woonsocket: "Woonsocket",
  "south-kingstown": "South Kingstown",
  westerly: "Westerly",
  bristol: "Bristol",
};

export const servedCities: readonly ServedCity[] = CITY_SLUGS.map((slug) => ({
  slug,
  name: CITY_NAMES[slug],
  path: `/${slug}-web-design` as const,
}));

export const site = {
  brand: "Websites by Tyler",
  /** Short form used in project IDs (WBT-YYYY-XXXXXX) and compact UI. */
  brandShort: "WBT",
  tagline: "Custom websites that work",
  owner: {
    name: "Tyler Brennan",
    firstName: "Tyler",
    role: "Web designer and developer",
  },
  phone: {
    display: "(401) 555-0142",
    e164: "+14015550142",
  },
  email: "hello@websitesbytyler.com",
  address: {
    locality: "Providence",
    region: "RI",
    regionName: "Rhode Island",
    postalCode: "02903",
    country: "US",
  },
  geo: { latitude: 41.824, longitude: -71.4128 },
  /** Business hours and chat availability are reckoned here. */
  timeZone: "America/New_York",
  serviceArea: "All of Rhode Island, in person or remotely",
  /** docs/product/data-and-retention.md "Reply promises and hours": hours Monday-Friday 9-18 */
  hours: { days: "Monday-Friday", opens: "09:00", closes: "18:00", label: "Mon-Fri, 9am-6pm" },
  productionHost: "websitesbytyler.com",
  productionUrl: "https://websitesbytyler.com",
  /** docs/product/data-and-retention.md "Prices and delivery" */
  pricing: {
    startingPrice: 75,
    rangeMin: 75,
    rangeMax: 2500,
    offerPrices: [75, 275, 650] as const,
    smallBusinessRange: [800, 2000] as const,
    restaurantRange: [1200, 2500] as const,
    /**
     * The pricing page's three tiers (app/content/marketing/pricing.ts), as a quote's presets
     * (docs/product/billing.md "Quotes"): the prices are offerPrices.
     */
    tiers: [
      {
        id: "single-page",
        name: "Single Page",
        price: 75,
        line: "Single Page website: one page, tap-to-call, map and hours, contact form, SEO setup",
      },
      {
        id: "starter-site",
        name: "Starter Site",
        price: 275,
        line: "Starter Site: up to three pages, photo gallery, reviews linked, SEO setup",
      },
      {
        id: "full-site",
        name: "Full Site",
        price: 650,
        line: "Full Site: up to six pages with custom layouts, menus or service pages, SEO setup",
      },
    ] as const,
  },
  /**
   * Quotes, invoices and payments (docs/product/billing.md): in USD cents. The payee and the
   * address are printed on every PDF and shown in the portal when card payments are off.
   */
  billing: {
    currency: "usd",
    legalName: "Websites by Tyler (Tyler Brennan)",
    payee: "Tyler Brennan",
    mailingAddress: ["Websites by Tyler", "PO Box 2718", "Providence, RI 02906"],
    howToPay:
      "Mail a check payable to Tyler Brennan to the address below, or pay by bank transfer: e-mail hello@websitesbytyler.com for the account details, and put the invoice number in the reference.",
    /** Defaults, changeable in Settings > Billing. */
    depositPercent: 50,
    quoteValidDays: 30,
    invoiceDueDays: 14,
    termsTemplate:
      "This quote covers the work listed above. A deposit of the stated percentage starts the work and reserves a place in the schedule; the balance is due when the site goes live. Hosting, the HTTPS certificate and small updates after launch are included at no extra charge. Anything beyond these lines is quoted in writing first. Either side may end the project in writing; the deposit covers the work done until then.",
  },
  delivery: {
    typical: "1-3 weeks",
    simple: "3-7 days",
    custom: "2-4 weeks",
  },
  /** docs/product/data-and-retention.md "Reply promises and hours" */
  replyPromise: { fast: "24 hours", standard: "24-48 hours" },
  foundedYear: 2024,
  /**
   * docs/product/data-and-retention.md "Retention", as the privacy and cookie policies state it;
   * enforced by the scheduled jobs (server/compose.ts, docs/decisions/036-project-retention.md).
   */
  retention: {
    projectsYearsAfterCompletion: 1,
    inquiriesYears: 2,
    analyticsYears: 2,
    /** How long a backup copy of the data is kept before it is deleted. */
    backupsDays: 14,
    /** Quotes, invoices, payments and acceptances: the business's tax records (docs/product/billing.md "Retention"). */
    billingYears: 7,
  },
  /**
   * The legal pages were first published June 4, 2025 (docs/product/site-pages.md "Legal pages");
   * updated when the policies came to say exactly what the retention jobs delete, and when, and
   * what quotes and invoices keep.
   */
  legalUpdated: "December 1, 2026",
} as const;

export type Site = typeof site;

export const formatPrice = (amount: number) => `$${groupThousands(amount)}`;
export const startingPriceLabel = `${formatPrice(site.pricing.startingPrice)}`;
export const phoneHref = `tel:${site.phone.e164}`;
export const emailHref = `mailto:${site.email}`;
