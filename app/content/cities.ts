/**
 * The eleven city landing pages (docs/product/landing-pages.md "City pages"): the copy of each city
 * (one file per city in ./cities/), its page entry for the registry, the -ri spellings that serve
 * the same page, and the lookup from a URL path. Relative imports only: the page registry
 * (react-router.config.ts) loads it.
 */
import { servedCities, type CitySlug, type ServedCity } from "../config/site";
import type { StaticPage } from "./pages";
import type { CityCopy } from "./cities/types";
import { providence } from "./cities/providence";
import { warwick } from "./cities/warwick";
import { newport } from "./cities/newport";
import { cranston } from "./cities/cranston";
import { northKingstown } from "./cities/north-kingstown";
import { pawtucket } from "./cities/pawtucket";
import { eastProvidence } from "./cities/east-providence";
import { woonsocket } from "./cities/woonsocket";
import { southKingstown } from "./cities/south-kingstown";
import { westerly } from "./cities/westerly";
import { bristol } from "./cities/bristol";

export type { CityCopy, CityFeatureList, CityPoint, CityServiceCard } from "./cities/types";

const COPY: Record<CitySlug, CityCopy> = {
  providence,
  warwick,
  newport,
  cranston,
  "north-kingstown": northKingstown,
  pawtucket,
  "east-providence": eastProvidence,
  woonsocket,
  "south-kingstown": southKingstown,
  westerly,
  bristol,
};

/** A served city with its page copy. */
export interface City extends ServedCity, CityCopy {
  /** The other spelling, /{slug}-web-design-ri, canonical to `path`. */
  aliasPath: `/${CitySlug}-web-design-ri`;
}

export const cities: readonly City[] = servedCities.map((city) => ({
  ...city,
  ...COPY[city.slug],
  aliasPath: `${city.path}-ri` as const,
}));

export const cityPages: StaticPage[] = cities.map((city) => ({
  path: city.path,
  title: city.seo.title,
  description: city.seo.description,
  keywords: [...city.seo.keywords],
  changefreq: "monthly",
  priority: 0.8,
}));

export const cityAliasPaths: string[] = cities.map((city) => city.aliasPath);

/** The city of /{slug}-web-design or /{slug}-web-design-ri (a trailing slash allowed). */
export function cityForPath(pathname: string): City | undefined {
  const clean = pathname.split(/[?#]/)[0]!.replace(/\/+$/, "");
  return cities.find((city) => clean === city.path || clean === city.aliasPath);
}
