/**
 * The shape of one city landing page's copy (docs/product/landing-pages.md "City pages"). Each city
 * writes its own file in this folder; ../cities.ts joins them to the served city list of the site
 * config. Relative imports only (the page registry, loaded by react-router.config.ts, reaches this
 * file).
 */

/** One of the six service-category cards. */
export interface CityServiceCard {
  title: string;
  description: string;
  /** Kinds of local business the card is for, shown as short tags. */
  examples: readonly string[];
}

export interface CityPoint {
  title: string;
  text: string;
}

/** The extra feature list (Newport, Cranston and North Kingstown only). */
export interface CityFeatureList {
  title: string;
  intro: string;
  items: readonly CityPoint[];
}

type Six<T> = readonly [T, T, T, T, T, T];
type Three<T> = readonly [T, T, T];

/**
 * The copy of one city page. "LocalBusiness" marks the home base (its main
 * structured data is the business itself); the others describe a Service
 * offered in that city.
 */
export interface CityCopy {
  pageType: "LocalBusiness" | "Service";
  seo: {
    /** Search title without the brand (pageMeta appends it). */
    title: string;
    /** One or two complete sentences, at most 160 characters. */
    description: string;
    keywords: readonly string[];
  };
  hero: {
    intro: string;
    /** Where and how meeting in person works in this town. */
    meetNote: string;
  };
  places: {
    /** "Providence neighborhoods I work in", "Villages of North Kingstown", ... */
    title: string;
    intro: string;
    names: readonly string[];
  };
  services: {
    intro: string;
    cards: Six<CityServiceCard>;
  };
  /** The 'Why businesses choose us' trio; Providence, the home base, has none. */
  why?: {
    intro: string;
    points: Three<CityPoint>;
  };
  extraFeatures?: CityFeatureList;
  work: { text: string };
  cta: { title: string; text: string; contactLabel: string };
}
