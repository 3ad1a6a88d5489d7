import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";
import { buildBreadcrumbs, type Crumb } from "./breadcrumbs";
import { absoluteUrl, siteUrl } from "./site-url";
import { extractKeywords, truncateText } from "./text";

/** docs/product/site-pages.md "Search metadata": default title '{brand} - Custom websites that work' */
export const DEFAULT_TITLE = `${site.brand} - ${site.tagline}`;
/** docs/product/site-pages.md "Search metadata": social card 1200x630 */
export const SOCIAL_CARD = { path: "/images/social-card.png", width: 1200, height: 630 } as const;

export type JsonLd = Record<string, unknown>;

export interface PageSeo {
  /** Page title without the brand; omitted on home, which uses DEFAULT_TITLE. */
  title?: string;
  description: string;
  /** Path of the canonical URL (e.g. "/about"); the origin comes from the site URL. */
  path: string;
  /** Explicit keywords; otherwise extracted from the title and description. */
  keywords?: string[];
  noindex?: boolean;
  image?: string;
  imageAlt?: string;
  /** Open Graph type: website, article, ... */
  type?: string;
  jsonLd?: JsonLd[];
  /** Adds a BreadcrumbList built from the path (default: every page but home). */
  breadcrumbs?: boolean | Crumb[];
}

export function fullTitle(title?: string): string {
  if (!title) return DEFAULT_TITLE;
  return title.includes(site.brand) ? title : `${title} | ${site.brand}`;
}

/** The one helper every route's `meta` export goes through. */
export function pageMeta(page: PageSeo): MetaDescriptor[] {
  const title = fullTitle(page.title);
  const description = truncateText(page.description);
  const canonical = absoluteUrl(page.path);
  const keywords = page.keywords ?? extractKeywords(`${page.title ?? ""} ${page.description}`);
  const image = absoluteUrl(page.image ?? SOCIAL_CARD.path);
  const crumbs =
    page.breadcrumbs === false || (page.breadcrumbs === undefined && page.path === "/")
      ? null
      : Array.isArray(page.breadcrumbs)
        ? page.breadcrumbs
        : buildBreadcrumbs(page.path);

  const ld: JsonLd[] = [...(page.jsonLd ?? [])];
  if (crumbs && crumbs.length > 1) ld.push(breadcrumbJsonLd(crumbs));

  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords.join(", ") },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.brand },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_CARD.width) },
    { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    {
      property: "og:image:alt",
      content: page.imageAlt ?? `${site.brand}: custom websites for Rhode Island businesses`,
    },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...ld.map((data) => ({ "script:ld+json": data })),
  ];
}

export function breadcrumbJsonLd(crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export const BUSINESS_ID = `${siteUrl}/#business`;

/**
 * LocalBusiness (as ProfessionalService) with the facts of the site config. It claims no rating:
 * the rating comes only from approved reviews, computed by the server, and is given by the
 * reviews section where a page shows them (ratingJsonLd in app/components/site/reviews;
 * docs/decisions/059-reviews.md).
 */
export function localBusinessJsonLd(extra: JsonLd = {}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": BUSINESS_ID,
    name: site.brand,
    description: `Custom websites for Rhode Island small businesses, starting at $${site.pricing.startingPrice}, delivered in ${site.delivery.typical}.`,
    url: siteUrl,
    telephone: site.phone.e164,
    email: site.email,
    image: absoluteUrl(SOCIAL_CARD.path),
    logo: absoluteUrl("/images/logo.png"),
    founder: { "@type": "Person", name: site.owner.name },
    priceRange: `$${site.pricing.rangeMin}-$${site.pricing.rangeMax}`,
    address: {
      "@type": "PostalAddress",
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    areaServed: { "@type": "State", name: site.address.regionName },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
    makesOffer: site.pricing.offerPrices.map((price) => ({
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      itemOffered: { "@type": "Service", name: "Custom website design and development" },
    })),
    sameAs: [] as string[],
    contactPoint: { "@type": "ContactPoint", telephone: site.phone.e164, contactType: "customer service" },
    ...extra,
  };
}

/** WebSite with the /search?q= action (docs/product/site-pages.md "Search metadata", "Search"). */
export function webSiteJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: site.brand,
    url: siteUrl,
    publisher: { "@id": BUSINESS_ID },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** FAQPage structured data from the questions a page shows. */
export function faqJsonLd(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface ServiceJsonLdInput {
  name: string;
  description: string;
  path: string;
  /** Place names, e.g. ["Newport, RI"]; a State when omitted. */
  areaServed?: string[];
  serviceType?: string;
  /** Lowest price of the offer; the site's starting price when omitted. */
  lowPrice?: number;
  highPrice?: number;
}

/** Service offered by the business in a place (city and industry pages). */
export function serviceJsonLd(input: ServiceJsonLdInput): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    serviceType: input.serviceType ?? "Website design and development",
    provider: { "@id": BUSINESS_ID, "@type": "ProfessionalService", name: site.brand, telephone: site.phone.e164 },
    areaServed: input.areaServed?.length
      ? input.areaServed.map((name) => ({ "@type": "City", name }))
      : { "@type": "State", name: site.address.regionName },
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "USD",
      lowPrice: input.lowPrice ?? site.pricing.startingPrice,
      highPrice: input.highPrice ?? site.pricing.rangeMax,
    },
  };
}
