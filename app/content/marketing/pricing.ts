/** /pricing: the pricing summary (docs/product/site-pages.md "Pricing"). */
import { formatPrice, site } from "../../config/site";
import type { StaticPage } from "../pages";
import type { Fact, Point, PriceTier } from "./types";

const from = formatPrice(site.pricing.startingPrice);
const [singlePrice, starterPrice, fullPrice] = site.pricing.offerPrices;

export const pricingPage: StaticPage = {
  path: "/pricing",
  title: "Website Pricing for Small Businesses",
  description: `Simple, fair website pricing for Rhode Island small businesses: most projects start at ${from}, with hosting and support included and a clear quote first.`,
  keywords: [
    "website pricing",
    "web design cost rhode island",
    "affordable website small business",
    "website price quote",
    "web designer rates providence",
    "hosting included website",
  ],
  changefreq: "monthly",
  priority: 0.9,
};

export const pricingHero = {
  eyebrow: "Pricing",
  title: "Simple, Fair Pricing",
  intro: `Most projects start at ${from}. You get a clear, written quote before any work begins, and hosting and ongoing support are part of the price, not a monthly surprise later.`,
  range: `Projects range from ${formatPrice(site.pricing.rangeMin)} to ${formatPrice(site.pricing.rangeMax)}.`,
};

export const pricingFacts: readonly Fact[] = [
  { label: "Hosting", value: "Included" },
  { label: "Setup fee", value: "None" },
  { label: "Small updates", value: "Included" },
  { label: "Your quote", value: "Before any work" },
];

/**
 * Three common starting points, built on the structured-data offer prices
 * (docs/product/site-pages.md "Pricing"; docs/product/data-and-retention.md "Prices and delivery").
 */
export const priceTiers: readonly PriceTier[] = [
  {
    name: "Single Page",
    price: singlePrice,
    bestFor: "A food truck, a new side business, a seasonal farm stand in Little Compton.",
    delivery: site.delivery.simple,
    features: [
      "One well-built page: who you are, what you do, where and when",
      "Tap-to-call button, map and hours",
      "Contact form to your inbox",
      "SEO setup, hosting and support included",
    ],
  },
  {
    name: "Starter Site",
    price: starterPrice,
    bestFor: "A house cleaner in Warwick, a dog groomer in Cranston, a one-truck landscaper.",
    delivery: site.delivery.typical,
    features: [
      "Up to three pages, for example home, services and contact",
      "A photo gallery of your work",
      "Your Google reviews linked, your service area listed",
      "SEO setup, hosting and support included",
    ],
    popular: true,
  },
  {
    name: "Full Site",
    price: fullPrice,
    bestFor: "A restaurant on Federal Hill, a Newport charter boat, a busy trades business.",
    delivery: site.delivery.custom,
    features: [
      "Up to six pages with custom layouts",
      "Menus, galleries or pages for each service",
      "Help shaping your text so it reads well",
      "SEO setup, hosting and support included",
    ],
  },
];

export const tiersNote = `These are starting points, not boxes. Bigger projects, like a restaurant with menus, events and private dining, or a trades business with a page for every town it covers, run up to ${formatPrice(site.pricing.rangeMax)}. You'll know the number before I start.`;

export const whatYouGet: readonly string[] = [
  "A custom design, not a template with your logo dropped in",
  "A site that works on every phone, tablet and computer",
  "SEO setup: titles, descriptions, local business data, sitemap",
  "Hosting, the HTTPS certificate and backups",
  "A contact form and tap-to-call buttons",
  "Small updates after launch at no extra charge",
  "A client portal to follow your project",
  `Replies within ${site.replyPromise.standard}, from me`,
];

export const pricingFactors: readonly Point[] = [
  {
    title: "Number of pages",
    text: "A single page is the quickest build. Each extra page, such as a menu, a gallery or a page per service, adds design and writing time.",
  },
  {
    title: "Your content",
    text: "Ready-to-go text and photos keep the price down. If you'd like help turning notes into clear copy, that time goes into the quote.",
  },
  {
    title: "Features",
    text: "Menus that change with the season, several forms, an events list or links to a booking tool each add a little.",
  },
  {
    title: "Timeline",
    text: `Most sites take ${site.delivery.typical}. A tight deadline, like a grand opening or the start of beach season, may mean reshuffling other work.`,
  },
];

export const noSurprises: readonly Point[] = [
  {
    title: "A clear quote first",
    text: "After our chat you get a written, fixed price for the scope we agreed. It only changes if you ask for more, and then you see the new number before I do the work.",
  },
  {
    title: "No hidden fees",
    text: "No setup fee, no separate hosting bill, no charge for the HTTPS certificate. The only outside cost is your domain renewal, paid to your registrar.",
  },
  {
    title: "Hosting and support included",
    text: "Changing your hours for the winter or adding a new service is a quick message, not a new invoice. Big additions are quoted first.",
  },
  {
    title: "Honest advice",
    text: `If a ${from} page is all your business needs, that's what I'll recommend. If you need something I don't build, I'll say so and point you somewhere better.`,
  },
];
