import { industryPaths, type IndustrySlug } from "~/content/industry-paths";

/**
 * The kinds of businesses that write to a Rhode Island web designer: the site's seven
 * industries first (app/content/industry-paths.ts), then the other trades and causes of a
 * small-business practice. A company is named "{Last} {noun}", "{Town} {noun}",
 * "{Word} {noun}" or "{First}'s {noun}".
 */
export interface BusinessType {
  label: string;
  weight: number;
  nouns: readonly string[];
  /** The project form's site type such a business usually asks for. */
  siteType: "business" | "nonprofit" | "portfolio" | "landing" | "blog" | "personal";
  /** The industry page of the site, for the seven the site has one for. */
  industry?: IndustrySlug;
}

// prettier-ignore
export const BUSINESS_TYPES: readonly BusinessType[] = [
  { label: "Restaurant", weight: 12, industry: "restaurant", siteType: "business", nouns: ["Trattoria", "Kitchen", "Grille", "Bistro", "Pizzeria", "Diner", "Oyster Bar", "Taqueria", "Clam Shack", "Cafe"] },
  { label: "Food truck", weight: 5, industry: "food-truck", siteType: "business", nouns: ["Food Truck", "Street Eats", "Tacos", "Lobster Rolls", "Dumplings", "BBQ Truck"] },
  { label: "Cleaning services", weight: 7, industry: "cleaning-services", siteType: "business", nouns: ["Cleaning Co.", "Cleaning Services", "Maids", "Janitorial", "Home Cleaning"] },
  { label: "Car detailing", weight: 5, industry: "car-detailing", siteType: "business", nouns: ["Auto Detailing", "Mobile Detailing", "Auto Spa", "Detail Shop"] },
  { label: "Landscaping", weight: 8, industry: "landscaping", siteType: "business", nouns: ["Landscaping", "Lawn Care", "Gardens", "Landscape Design", "Tree & Lawn"] },
  { label: "Plumbing", weight: 6, industry: "plumbing", siteType: "business", nouns: ["Plumbing", "Plumbing & Heating", "Drain Services", "Mechanical"] },
  { label: "Pet grooming", weight: 5, industry: "pet-grooming", siteType: "business", nouns: ["Pet Grooming", "Dog Grooming", "Grooming Salon", "Pet Spa"] },
  { label: "Bakery", weight: 4, siteType: "business", nouns: ["Bakery", "Bake Shop", "Pastry Shop", "Donut Co."] },
  { label: "Hair salon", weight: 5, siteType: "business", nouns: ["Salon", "Hair Studio", "Barbershop", "Beauty Bar"] },
  { label: "Photography", weight: 4, siteType: "portfolio", nouns: ["Photography", "Photo Studio", "Wedding Photography"] },
  { label: "Fitness", weight: 4, siteType: "business", nouns: ["Fitness", "Yoga Studio", "Strength Club", "Personal Training"] },
  { label: "Contractor", weight: 8, siteType: "business", nouns: ["Builders", "Construction", "Roofing", "Painting", "Carpentry", "Electric"] },
  { label: "Retail", weight: 5, siteType: "business", nouns: ["Boutique", "Gift Shop", "Books", "Vintage", "Surf Shop"] },
  { label: "Nonprofit", weight: 5, siteType: "nonprofit", nouns: ["Community Garden", "Food Pantry", "Youth Soccer", "Arts Collective", "Animal Rescue"] },
  { label: "Professional services", weight: 6, siteType: "business", nouns: ["Accounting", "Insurance Agency", "Law Office", "Realty", "Tax Services"] },
  { label: "Lessons and tutoring", weight: 3, siteType: "landing", nouns: ["Piano Studio", "Tutoring", "Music Lessons", "Driving School"] },
  { label: "Events", weight: 3, siteType: "business", nouns: ["Events", "Catering", "DJ Services", "Party Rentals"] },
];

// prettier-ignore
export const COMPANY_WORDS = [
  "Ocean State", "Narragansett Bay", "Blue Heron", "Harbor", "Quahog", "Little Rhody", "Anchor", "Lighthouse",
  "Seaside", "Coastal", "Riverside", "Granite", "Old Mill", "Red Bridge", "Federal Hill", "Bayview", "Salt Pond",
  "Misquamicut", "Beacon", "Independence", "Hope Street", "Elmwood", "Atwells", "Pier", "Compass", "Tidewater",
  "Greenway", "Oak Hill", "Sakonnet", "Blackstone", "Pawtuxet", "Watch Hill", "Fox Point", "Wickford",
];

/** The site types of the project form, for people without a business (a portfolio, a blog...). */
export const PERSONAL_SITE_TYPES: readonly (readonly [string, number])[] = [
  ["personal", 40],
  ["portfolio", 25],
  ["blog", 15],
  ["landing", 10],
  ["other", 10],
];

/** The industry page path of each business type, or '' when the site has none. */
export const industryPathOf = (type: BusinessType) =>
  type.industry ? (industryPaths.find((p) => p.slug === type.industry)?.path ?? "") : "";

/** The business types' nouns as one flat list, with each type's first index (1-based) and count. */
export function flatNouns() {
  const nouns: string[] = [];
  const first: number[] = [];
  const counts: number[] = [];
  for (const type of BUSINESS_TYPES) {
    first.push(nouns.length + 1);
    counts.push(type.nouns.length);
    nouns.push(...type.nouns);
  }
  return { nouns, first, counts };
}
