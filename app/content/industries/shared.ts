/**
 * What the seven industry pages share: the content type, the fixed list of 13
 * served cities and the pricing card's standard lines. Relative imports only.
 */
import { formatPrice, site } from "../../config/site";
import { industryPaths, type IndustrySlug } from "../industry-paths";
import type { StaticPage } from "../pages";

/** docs/product/landing-pages.md "Served cities": the fixed list of 13, the same on all seven pages. */
export const INDUSTRY_CITIES = [
  "Providence",
  "Warwick",
  "Cranston",
  "Pawtucket",
  "East Providence",
  "Woonsocket",
  "Newport",
  "Bristol",
  "Westerly",
  "North Kingstown",
  "South Kingstown",
  "Coventry",
  "Cumberland",
] as const;

/** The cities as schema.org place names ("Providence, RI"). */
export const industryAreaServed = INDUSTRY_CITIES.map((city) => `${city}, ${site.address.region}`);

export interface IndustryCard {
  title: string;
  text: string;
}

type Three<T> = readonly [T, T, T];
type Six<T> = readonly [T, T, T, T, T, T];

export interface Industry {
  slug: IndustrySlug;
  /** The kind of business in running text: "a {noun} website". */
  noun: string;
  /** Canonical path (industry-paths.ts). */
  path: string;
  seo: {
    title: string;
    /** A complete sentence of at most 160 characters. */
    description: string;
    keywords: string[];
    /** Name and type of the Service in the structured data. */
    serviceName: string;
    serviceType: string;
  };
  hero: {
    eyebrow: string;
    title: string;
    intro: string;
    startLabel: string;
    /**
     * docs/product/landing-pages.md "Industry pages": only the restaurant and pet-grooming pages
     * show the phone link.
     */
    showPhone: boolean;
  };
  /** What to look for in the embedded demo site. */
  demoIntro: string;
  why: { title: string; intro: string; cards: Three<IndustryCard> };
  serviceTypes: { title: string; intro: string; items: readonly string[] };
  features: { title: string; intro: string; items: Six<IndustryCard> };
  /** Industry-specific lines added on top of `pricingIncluded`. */
  pricingExtras: readonly string[];
  cta: { title: string; text: string };
}

export const start = formatPrice(site.pricing.startingPrice);
export const weeks = site.delivery.typical;

export const pathOf = (slug: IndustrySlug): string => industryPaths.find((entry) => entry.slug === slug)!.path;

/**
 * What every site includes, on every industry's pricing card (docs/product/landing-pages.md
 * "Industry pages"; the list of docs/product/site-pages.md "Services").
 */
export const pricingIncluded: readonly string[] = [
  "A custom design made for your business, never a template",
  "Fast pages that look right on phones, tablets and desktops",
  "SEO setup: page titles, descriptions and Google-ready structure",
  "Hosting, SSL security and backups included",
  "A contact form that lands in your inbox",
  "Ongoing support for updates after launch",
];

/**
 * Search metadata and sitemap entry of one industry page (its canonical path). Here, not in
 * ../industries.ts, so a page's meta does not pull every industry's copy into the browser.
 */
export function industryPage({ path, seo }: Industry): StaticPage {
  return {
    path,
    title: seo.title,
    description: seo.description,
    keywords: seo.keywords,
    changefreq: "monthly",
    priority: 0.8,
  };
}
