/** /services: Services & Pricing (docs/product/site-pages.md "Services"). */
import { formatPrice, site } from "../../config/site";
import type { StaticPage } from "../pages";
import type { Fact, NotOffered, Point, ProcessStep, Question } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const servicesPage: StaticPage = {
  path: "/services",
  title: "Web Design Services & Pricing in Rhode Island",
  description: `Custom websites for Rhode Island small businesses from ${from}, with SEO setup, hosting and support included. Most go live in ${site.delivery.typical}.`,
  keywords: [
    "web design services rhode island",
    "custom website design",
    "small business website",
    "providence web designer",
    "website hosting included",
    "local seo setup",
    "affordable web design ri",
  ],
  changefreq: "monthly",
  priority: 0.9,
};

export const servicesHero = {
  eyebrow: "Services & Pricing",
  title: `Custom websites for Rhode Island small businesses, starting at ${from}`,
  intro: `One person designs it, builds it, hosts it and answers the phone when you need a change. Most sites go live in ${site.delivery.typical}, with hosting and ongoing support included in the price.`,
  badges: [`Starting at ${from}`, `Live in ${site.delivery.typical}`, "Hosting and support included"],
};

export const servicesFacts: readonly Fact[] = [
  { label: "Price range", value: `${formatPrice(site.pricing.rangeMin)}-${formatPrice(site.pricing.rangeMax)}` },
  { label: "Simple sites", value: site.delivery.simple },
  { label: "Custom builds", value: site.delivery.custom },
  { label: "Replies", value: `within ${site.replyPromise.standard}` },
];

/** docs/product/site-pages.md "Services": the six things every site comes with. */
export const includedServices: readonly Point[] = [
  {
    title: "Custom design and development",
    text: "Designed around your business, your photos and your customers, then hand-built so it loads fast, even on one bar of signal in a Narragansett beach parking lot.",
  },
  {
    title: "SEO setup",
    text: "Page titles and descriptions, local business structured data, a sitemap sent to Google Search Console and tips for your Google Business Profile, so people searching nearby can find you.",
  },
  {
    title: "Hosting and security",
    text: "Fast hosting on a content delivery network, an HTTPS certificate, backups and updates. No separate hosting company, no second bill to keep track of.",
  },
  {
    title: "Contact forms",
    text: "A form that lands straight in your inbox with spam filtering, plus tap-to-call and tap-to-email buttons for customers who would rather just reach you.",
  },
  {
    title: "Ongoing support",
    text: "New hours for the summer season, a price change, a fresh photo of the shop: send me a message and it's done. Small updates are part of the deal.",
  },
  {
    title: "Client portal",
    text: "Follow your project with its project ID: the status, the milestones, my updates and a message thread with me, all in one place instead of buried in e-mail.",
  },
];

export const designPrinciples: readonly Point[] = [
  {
    title: "Phone first",
    text: "Most of your visitors are on a phone, often standing outside or sitting in the car. Every page is laid out at phone width first and widened from there.",
  },
  {
    title: "Clear before clever",
    text: "What you do, where you do it and how to reach you, in the first screen. Nobody should have to hunt for your phone number or your hours.",
  },
  {
    title: "It looks like you",
    text: "Your colors, your photos, your way of talking. A Bristol sail loft shouldn't look like a Cranston heating company, and neither should look like a template.",
  },
  {
    title: "Light and fast",
    text: "Hand-written code, properly sized images and no heavy page builder, so pages open quickly and search engines have nothing to hold against them.",
  },
];

/** docs/product/site-pages.md "Services": the four-step process, named exactly. */
export const servicesProcess: readonly ProcessStep[] = [
  {
    name: "Discovery",
    text: "A relaxed call, video chat or coffee in Providence about your business, your customers and what the site has to do. You get a clear written quote afterwards.",
  },
  {
    name: "Strategic Design",
    text: "I plan the pages around what your customers actually search for, then design the home page first so you see the direction early.",
  },
  {
    name: "Refine",
    text: "You click through the real site on your own phone and tell me what to change. We go back and forth until it feels right.",
  },
  {
    name: "Launch",
    text: "I connect your domain, test every form and button, submit the sitemap to Google, and stay on hand for updates afterwards.",
  },
];

export const priceFactors: readonly Point[] = [
  {
    title: "How many pages",
    text: "A single page with your services, hours and a map costs less than a site with separate pages for each service and each town you cover.",
  },
  {
    title: "How much content is ready",
    text: "If your text and photos are ready, things move quickly. If you'd like help shaping the words, that's time I add to the quote up front.",
  },
  {
    title: "Special features",
    text: "Menus, photo galleries, several forms, links out to a booking tool or an events calendar each add a little work.",
  },
  {
    title: "Your deadline",
    text: `Simple sites take ${site.delivery.simple}. Opening the week before Memorial Day and need it sooner than usual? Tell me, and we'll see what fits.`,
  },
];

export const notOffered: readonly NotOffered[] = [
  {
    title: "Online stores and e-commerce",
    text: "Carts, checkout, shipping rates and inventory are a job for software built only for that.",
    instead:
      "Use a hosted store platform such as Shopify or Square Online. I'll link your site to it and match the look.",
  },
  {
    title: "User accounts and memberships",
    text: "Logins, member areas and paid subscriptions need security work and upkeep that doesn't fit a small-business budget.",
    instead: "A dedicated membership platform handles it better. Your site can point members straight to it.",
  },
  {
    title: "Complex custom systems",
    text: "Booking engines, customer databases, inventory tools and custom integrations are real software projects.",
    instead:
      "An off-the-shelf booking tool you link to from a big 'Book now' button usually covers it. For custom software, a development firm.",
  },
];

export const servicesFaq: readonly Question[] = [
  {
    question: "Do I need to have a domain name already?",
    answer:
      "No. If you already own one, I'll connect it. If not, I'll help you register one in your own name with a domain registrar; it usually costs somewhere around $10 to $20 a year, paid directly to them.",
  },
  {
    question: "Who owns the website when it's done?",
    answer:
      "You do. The domain is registered in your name, and your words, photos and logo stay yours. If you ever decide to move on, I'll hand over the site files and help with the move.",
  },
  {
    question: "Can I make changes after launch?",
    answer:
      "Yes. Small updates such as new hours, a price change, a seasonal special or a new photo are included with support: just send me a message. Bigger changes, like new sections or a redesign, get a clear quote first.",
  },
  {
    question: "How much does hosting cost?",
    answer:
      "Nothing extra. Hosting, the HTTPS certificate, backups and updates are included in the price of your site. The only outside cost is the yearly domain renewal, which you pay to your registrar.",
  },
  {
    question: "How long does it take?",
    answer: `Most sites go live in ${site.delivery.typical}. A simple one-page site can be ready in ${site.delivery.simple}; a larger custom build takes ${site.delivery.custom}. The biggest factor is usually how quickly the text and photos come together.`,
  },
  {
    question: "What do I need to provide?",
    answer:
      "Your logo if you have one, a handful of photos, your list of services, your hours and the towns you serve. Don't worry if it isn't all ready: the How It Works page has a ten-item checklist, and I'll help fill the gaps.",
  },
  {
    question: "Will my site show up on Google?",
    answer:
      "Every site gets the search fundamentals done properly: titles, descriptions, local business data, a sitemap and a fast, mobile-friendly build. Nobody can honestly promise a top ranking, and I won't; a complete Google Business Profile and real reviews matter a lot for local searches.",
  },
  {
    question: "Do you only work with businesses in Providence?",
    answer: `No. I work with businesses across Rhode Island, from Woonsocket down to Westerly and out to Newport, in person or remotely. I reply to every message within ${site.replyPromise.standard}.`,
  },
];
