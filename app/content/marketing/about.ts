/** /about: the owner bio (docs/product/site-pages.md "About"). */
import { formatPrice, site } from "../../config/site";
import type { StaticPage } from "../pages";
import type { Fact, Point } from "./types";

const { owner, address } = site;

export const aboutPage: StaticPage = {
  path: "/about",
  title: `About ${owner.name}, Rhode Island Web Designer`,
  description: `Meet ${owner.name}, a ${address.locality} web designer building custom websites for Rhode Island small businesses without agency prices.`,
  keywords: [
    "about tyler brennan",
    "rhode island web designer",
    "providence web designer",
    "freelance web designer ri",
    "local web design",
    "small business websites",
  ],
  changefreq: "monthly",
  priority: 0.8,
};

export const aboutHero = {
  eyebrow: `${owner.role}, ${address.locality}, ${address.region}`,
  title: `Hi, I'm ${owner.firstName}.`,
  intro: `I'm ${owner.name}, and I build websites for Rhode Island small businesses from my desk in ${address.locality}. Good websites shouldn't be something only companies with marketing departments get to have.`,
  avatarAlt: `Illustrated portrait of ${owner.firstName}, smiling`,
};

/** The story, one paragraph each. */
export const aboutStory: readonly string[] = [
  `Rhode Island runs on small businesses: the bakery that sells out of zeppole every March, the landscaper who knows which yards in Barrington flood in April, the groomer in Pawtucket with a waiting list, the charter captain in Galilee. Most of them are great at what they do, and many have a website that doesn't show it, or no website at all.`,
  `Too often the choices are a do-it-yourself builder that eats every Sunday night, or an agency quote with a comma in it. I started ${site.brand} in ${site.foundedYear} to be the third option: a real, custom site built by a person you can call, at a price that makes sense for a business with a handful of employees, or just one.`,
  `I keep it small on purpose. I'm not trying to become an agency. I'd rather build a few dozen sites a year that I know inside out, and still be around when you need your summer hours changed.`,
];

export const aboutFacts: readonly Fact[] = [
  { label: "Based in", value: `${address.locality}, ${address.region}` },
  { label: "Building sites since", value: String(site.foundedYear) },
  { label: "Serving", value: `All of ${address.regionName}` },
  { label: "Hours", value: site.hours.label },
  { label: "Replies", value: `within ${site.replyPromise.standard}` },
];

export const philosophy: readonly Point[] = [
  {
    title: "Plain English, always",
    text: "You'll never get a message full of acronyms from me. If something matters for your site, I'll explain why in a sentence or two.",
  },
  {
    title: "Honest about scope",
    text: `If a ${formatPrice(site.pricing.startingPrice)} single page is all you need, that's what I'll suggest. If you need something I don't build, I'll say so on the first call.`,
  },
  {
    title: "Fast, but not rushed",
    text: `Most sites go live in ${site.delivery.typical}. Small projects shouldn't drag on for months, and yours gets my full attention while it's being built.`,
  },
  {
    title: "Still here after launch",
    text: "Hosting and support are included because a website isn't finished the day it launches. Businesses change; your site should keep up.",
  },
];

export const doList: readonly string[] = [
  "Custom websites for small businesses, non-profits, side projects and causes",
  "Search engine setup so people nearby can find you",
  "Hosting, security and backups, included",
  "Updates when your hours, prices or services change",
  "Straight answers about domains, Google and everything in between",
];

export const dontList: readonly string[] = [
  "Online stores and checkout (a hosted store platform does it better)",
  "User accounts, logins and memberships",
  "Complex systems like booking engines or custom software",
  "Long contracts, surprise invoices or sales pitches",
];
