/** /whats-included: what every site includes and what it doesn't (docs/product/site-pages.md "What is included"). */
import { formatPrice, site } from "../../config/site";
import type { StaticPage } from "../pages";
import type { Fact, ItemGroup } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const whatsIncludedPage: StaticPage = {
  path: "/whats-included",
  title: "What's Included in Your Website",
  description: `Every site from ${from} includes custom design, SEO setup, hosting and ongoing support. Here is exactly what you get, what you don't, and where to go instead.`,
  keywords: [
    "what's included website",
    "website hosting included",
    "web design package",
    "small business website features",
    "no ecommerce website",
    "rhode island web designer",
  ],
  changefreq: "monthly",
  priority: 0.8,
};

export const whatsIncludedHero = {
  eyebrow: "What's Included",
  title: "What you get, and what you don't",
  intro:
    "No fine print. Here is everything that comes with your website, and the things I deliberately don't build, with honest suggestions for where to go instead.",
};

export const whatsIncludedFacts: readonly Fact[] = [
  { label: "Custom design", value: "Included" },
  { label: "SEO setup", value: "Included" },
  { label: "Hosting", value: "Included" },
  { label: "Ongoing support", value: "Included" },
];

/** docs/product/site-pages.md "What is included": four included groups. */
export const includedGroups: readonly ItemGroup[] = [
  {
    title: "Website development",
    intro: "A site designed and built for your business.",
    items: [
      "A custom design in your colors, with your photos",
      "Works on phones, tablets and computers",
      "Contact form, tap-to-call and tap-to-email buttons",
      "Map, hours and service area",
      "Galleries or menus where your quote includes them",
      "Accessibility basics: readable text, clear contrast, keyboard friendly",
    ],
  },
  {
    title: "SEO and optimization",
    intro: "The groundwork that helps people nearby find you.",
    items: [
      "A title and description written for every page",
      "Local business structured data for search engines",
      "A sitemap submitted to Google Search Console",
      "Images sized and compressed so pages load fast",
      "Tips for your Google Business Profile",
    ],
  },
  {
    title: "Hosting and infrastructure",
    intro: "Everything it takes to keep the site online.",
    items: [
      "Fast hosting on a content delivery network",
      "An HTTPS certificate, renewed automatically",
      "Regular backups",
      "Your domain connected and set up for you",
      "Software updates handled for you",
    ],
  },
  {
    title: "Ongoing support",
    intro: "A real person to call once the site is live.",
    items: [
      "Small updates: hours, prices, photos, seasonal notices",
      `Replies within ${site.replyPromise.standard}, ${site.hours.label}`,
      "A client portal with your project's status and updates",
      "Plain-English answers about your site and online presence",
    ],
  },
];

/** Four groups deliberately not offered, each with a helpful alternative. */
export const notIncludedGroups: readonly (ItemGroup & { instead: string })[] = [
  {
    title: "Online stores and e-commerce",
    intro: "Carts, checkout, shipping and inventory.",
    items: ["Shopping carts and checkout", "Product inventory and shipping rates", "Online payments for products"],
    instead:
      "A hosted store platform such as Shopify or Square Online does this well. I'll link to your store from your site and match the look.",
  },
  {
    title: "User accounts and memberships",
    intro: "Anything visitors sign in to.",
    items: ["Customer logins and profiles", "Members-only pages", "Paid subscriptions"],
    instead: "A dedicated membership platform is built for this. Your site can send members straight to it.",
  },
  {
    title: "Complex custom systems",
    intro: "Software rather than a website.",
    items: ["Custom booking engines", "Customer databases and CRMs", "Integrations between business systems"],
    instead:
      "An off-the-shelf booking or scheduling tool, linked from a clear 'Book now' button, covers most small businesses. For custom software, talk to a development firm.",
  },
  {
    title: "Ongoing marketing",
    intro: "Work that needs someone every week.",
    items: ["Weekly blog posts or content writing at scale", "Running paid ads", "Social media management"],
    instead:
      "I'll help shape the text for your pages. For regular content or ads, a local marketing freelancer is a better fit, and your site will be ready for them.",
  },
];

export const includedPriceCard = {
  title: "Everything above, starting at",
  price: site.pricing.startingPrice,
  text: `Most sites go live in ${site.delivery.typical}, with hosting and ongoing support included. You get a clear quote before any work starts.`,
};
