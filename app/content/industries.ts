/**
 * The seven industry landing pages (docs/product/landing-pages.md "Industry pages"): the copy of
 * each industry (one file per industry in ./industries/), their search metadata and the lookup from
 * a path. Relative imports only: registry.ts (and so the build config) reads `industryPages`.
 */
import { industryForPath, industryPaths, type IndustrySlug } from "./industry-paths";
import type { StaticPage } from "./pages";
import { industryPage, type Industry } from "./industries/shared";
import { restaurant } from "./industries/restaurant";
import { foodTruck } from "./industries/food-truck";
import { cleaning } from "./industries/cleaning-services";
import { carDetailing } from "./industries/car-detailing";
import { landscaping } from "./industries/landscaping";
import { plumbing } from "./industries/plumbing";
import { petGrooming } from "./industries/pet-grooming";

export {
  INDUSTRY_CITIES,
  industryAreaServed,
  industryPage,
  pricingIncluded,
  type Industry,
  type IndustryCard,
} from "./industries/shared";

/** Every industry, keyed by slug: a missing one is a type error. */
export const industries: Record<IndustrySlug, Industry> = {
  restaurant,
  "food-truck": foodTruck,
  "cleaning-services": cleaning,
  "car-detailing": carDetailing,
  landscaping,
  plumbing,
  "pet-grooming": petGrooming,
};

/** The industry a canonical or alias path belongs to. */
export function industryByPath(pathname: string): Industry | undefined {
  const entry = industryForPath(pathname);
  return entry ? industries[entry.slug] : undefined;
}

/** The seven pages, canonical paths only (aliases are listed by registry.ts). */
export const industryPages: StaticPage[] = industryPaths.map(({ slug }) => industryPage(industries[slug]));
