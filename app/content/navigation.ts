import { servedCities } from "~/config/site";

export interface NavLink {
  label: string;
  to: string;
  description?: string;
}

export interface NavGroup {
  label: string;
  items: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;

/** docs/product/site-pages.md "Header": the seven industry pages (canonical spellings). */
export const industryLinks: NavLink[] = [
  { label: "Restaurants", to: "/restaurant-web-design-rhode-island", description: "Menus, hours and reservations" },
  { label: "Food Trucks", to: "/food-truck-web-design-ri", description: "Schedules and locations" },
  { label: "Cleaning Services", to: "/cleaning-services-web-design-ri", description: "Quotes and service areas" },
  { label: "Car Detailing", to: "/car-detailing-web-design-ri", description: "Packages and bookings" },
  { label: "Landscaping", to: "/landscaping-web-design-ri", description: "Galleries and estimates" },
  { label: "Plumbing", to: "/plumbing-web-design-ri", description: "Emergency calls and trust" },
  { label: "Pet Grooming", to: "/pet-grooming-web-design-rhode-island", description: "Services and appointments" },
];

/** docs/product/site-pages.md "Header": header navigation, mirrored by the mobile menu. */
export const mainNavigation: NavEntry[] = [
  {
    label: "My Work",
    items: [
      { label: "Projects", to: "/projects", description: "Sites I've built for real clients" },
      { label: "Demos", to: "/demos", description: "Live example sites to click through" },
    ],
  },
  { label: "Industries", items: industryLinks },
  { label: "Services & Pricing", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
  { label: "Claim Your Website", to: "/claim-your-website" },
];

export const startProjectLink: NavLink = { label: "Start a Project", to: "/start-project" };

export const footerCityLinks: NavLink[] = servedCities.map((city) => ({
  label: `${city.name} Web Design`,
  to: city.path,
}));

export const legalLinks: NavLink[] = [
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Cookie Policy", to: "/cookie-policy" },
];
