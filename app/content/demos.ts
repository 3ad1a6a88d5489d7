/**
 * The seven live demo sites (docs/product/portfolio-and-demos.md "Demos", "Demo"). Each is a small
 * static site served by this app under /demo-sites/{id}/ (public/demo-sites), so every viewer frame
 * and live link works with no outside host.
 */
import { formatPrice, site } from "../config/site";
import type { StaticPage } from "./pages";
import type { IndustrySlug } from "./industry-paths";

export const DEMO_CATEGORIES = ["service", "automotive", "food"] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export interface Demo {
  id: string;
  /** Name of the fictional Rhode Island business the demo was built for. */
  title: string;
  description: string;
  category: DemoCategory;
  /** Live address of the demo site, served by this app. */
  url: string;
  features: string[];
  techStack: string[];
  industry: IndustrySlug;
}

const demoUrl = (id: string) => `/demo-sites/${id}/`;

export const demos: readonly Demo[] = [
  {
    id: "restaurant",
    title: "Federal Hill Trattoria",
    description:
      "A warm, old-world site for a family trattoria on Atwells Avenue in Federal Hill: a full menu with prices, this week's specials, hours, a sketch map and a table request form.",
    category: "food",
    url: demoUrl("restaurant"),
    features: [
      "Menu with dotted-leader prices in four courses",
      "Weekly specials panel",
      "Hours table and sketch map to Atwells Avenue",
      "Table request form with party size",
      "Tap-to-call phone number in the hero and footer",
    ],
    techStack: ["Semantic HTML5", "CSS Grid", "Inline SVG illustrations", "System serif fonts", "Zero JavaScript"],
    industry: "restaurant",
  },
  {
    id: "food-truck",
    title: "Ocean State Tacos",
    description:
      "A bright, beachy site for a taco truck that moves around Rhode Island: this week's six stops from Kennedy Plaza to the Narragansett seawall, the menu with dietary tags and catering packages.",
    category: "food",
    url: demoUrl("food-truck"),
    features: [
      "This week's stops, day by day",
      "Menu with vegetarian, gluten-free and spicy tags",
      "Three catering packages with per-person prices",
      "Catering request form",
      "Mobile-first layout for people standing in line",
    ],
    techStack: ["Semantic HTML5", "CSS Grid & Flexbox", "Inline SVG illustrations", "System fonts", "Zero JavaScript"],
    industry: "food-truck",
  },
  {
    id: "cleaning",
    title: "Bay Breeze Cleaning Co.",
    description:
      "A fresh, trustworthy site for a house and office cleaning company in Warwick: flat-rate services, recurring plans, a West Bay service area and a quote request form.",
    category: "service",
    url: demoUrl("cleaning"),
    features: [
      "Services with flat starting prices",
      "Weekly, every-two-weeks and monthly plans",
      "Four-step how-it-works section",
      "Service area across the West Bay",
      "Quote request form",
    ],
    techStack: ["Semantic HTML5", "Responsive CSS", "Inline SVG illustrations", "System fonts", "Zero JavaScript"],
    industry: "cleaning-services",
  },
  {
    id: "car-detailing",
    title: "Gloss Boss Auto Detailing",
    description:
      "A sleek, dark site for an auto detailer on Post Road in Warwick: four packages with car and SUV prices, add-ons, a winter salt special, shop hours and a booking form.",
    category: "automotive",
    url: demoUrl("car-detailing"),
    features: [
      "Package cards with car and SUV prices",
      "Add-on price list and a seasonal special",
      "Before-and-after paint illustration",
      "Shop hours and mobile service towns",
      "Booking form with shop or mobile choice",
    ],
    techStack: [
      "Semantic HTML5",
      "CSS Grid",
      "Inline SVG illustrations",
      "Dark theme with accessible contrast",
      "Zero JavaScript",
    ],
    industry: "car-detailing",
  },
  {
    id: "landscaping",
    title: "Narragansett Greenscapes",
    description:
      "An earthy, seasonal site for a South County landscaper: spring and fall cleanups, mowing, snow removal, a year-round plan and a free estimate request.",
    category: "service",
    url: demoUrl("landscaping"),
    features: [
      "Services organised by season",
      "Year-round maintenance plan",
      "Estimate process in four steps",
      "South County service area",
      "Free estimate request form",
    ],
    techStack: ["Semantic HTML5", "Responsive CSS", "Inline SVG illustrations", "System fonts", "Zero JavaScript"],
    industry: "landscaping",
  },
  {
    id: "plumbing",
    title: "Pawtucket Pipe & Drain",
    description:
      "A no-nonsense site for a Pawtucket plumber: 24/7 service, flat prices for common jobs, what to do while you wait, and an appointment request.",
    category: "service",
    url: demoUrl("plumbing"),
    features: [
      "Services for homes and small businesses",
      "Starting prices for common jobs",
      "Emergency tips while you wait",
      "Blackstone Valley service area",
      "Appointment request form",
    ],
    techStack: ["Semantic HTML5", "Responsive CSS", "Inline SVG illustrations", "System fonts", "Zero JavaScript"],
    industry: "plumbing",
  },
  {
    id: "pet-grooming",
    title: "Wag & Wash Grooming",
    description:
      "A playful site for a Cranston dog groomer: prices by dog size, spa extras, what happens during the visit, salon hours and an appointment request.",
    category: "service",
    url: demoUrl("pet-grooming"),
    features: [
      "Price list by dog size",
      "Spa extras and a puppy's first groom",
      "The visit in four steps",
      "Salon hours and location",
      "Appointment request form",
    ],
    techStack: ["Semantic HTML5", "Responsive CSS", "Inline SVG illustrations", "System fonts", "Zero JavaScript"],
    industry: "pet-grooming",
  },
];

export const demoForIndustry = (industry: IndustrySlug): Demo | undefined =>
  demos.find((demo) => demo.industry === industry);

/** The filter of the /demos page: every demo, or one category. */
export type DemoFilter = "all" | DemoCategory;

export const DEMO_FILTER_LABELS: Record<DemoFilter, string> = {
  all: "All",
  service: "Service",
  automotive: "Automotive",
  food: "Food",
};

export const INDUSTRY_LABELS: Record<IndustrySlug, string> = {
  restaurant: "Restaurant",
  "food-truck": "Food truck",
  "cleaning-services": "Cleaning services",
  "car-detailing": "Car detailing",
  landscaping: "Landscaping",
  plumbing: "Plumbing",
  "pet-grooming": "Pet grooming",
};

/** The demos of one category, in their listed order ("all" keeps every demo). */
export function filterDemos(list: readonly Demo[], filter: DemoFilter): Demo[] {
  return filter === "all" ? [...list] : list.filter((demo) => demo.category === filter);
}

export interface DemoFilterOption {
  filter: DemoFilter;
  label: string;
  count: number;
}

/**
 * The filter buttons, derived from the data: "all" first, then each category that has at least one
 * demo, in DEMO_CATEGORIES order (docs/product/portfolio-and-demos.md "Demos"). With no demos at
 * all, only "all" (count 0) remains.
 */
export function categoryCounts(list: readonly Demo[]): DemoFilterOption[] {
  const options: DemoFilterOption[] = [{ filter: "all", label: DEMO_FILTER_LABELS.all, count: list.length }];
  for (const category of DEMO_CATEGORIES) {
    const count = list.filter((demo) => demo.category === category).length;
    if (count > 0) options.push({ filter: category, label: DEMO_FILTER_LABELS[category], count });
  }
  return options;
}

export const EMPTY_DEMOS_TEXT = "No demos found";

/** The viewer sizes: each demo is drawn at the device's width, then scaled down to fit. */
export const DEMO_VIEWPORTS = [
  { id: "desktop", label: "Desktop", width: 1280, height: 800 },
  { id: "tablet", label: "Tablet", width: 768, height: 1024 },
  { id: "mobile", label: "Mobile", width: 375, height: 740 },
] as const;
export type DemoViewport = (typeof DEMO_VIEWPORTS)[number]["id"];

/** ItemList structured data of the demos; `toAbsolute` turns a path into a full URL. */
export function demosItemListJsonLd(list: readonly Demo[], toAbsolute: (path: string) => string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Live website demos for Rhode Island small businesses",
    numberOfItems: list.length,
    itemListElement: list.map((demo, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: demo.title,
      description: demo.description,
      url: toAbsolute(demo.url),
    })),
  };
}

export const demosCopy = {
  eyebrow: "Click around, nothing to sign up for",
  title: "Live Website Demos",
  intro:
    "Seven small websites built for made-up Rhode Island businesses, from a trattoria on Atwells Avenue to a taco truck at the Narragansett seawall. Each one is real HTML and CSS served right from this site: open it, scroll it, try it on a phone.",
  browserTitle: "Try them on any screen",
  browserIntro:
    "Filter by kind of business, pick a demo, then switch between desktop, tablet and mobile to see the same site reflow.",
  listTitle: "What's inside each demo",
  ctaTitle: "Want one like these for your business?",
  ctaText: `Yours gets the same care: a custom design, fast pages that work on every phone, hosting and support included. Projects start at ${formatPrice(site.pricing.startingPrice)} and launch in ${site.delivery.typical}.`,
} as const;

export const demosPage: StaticPage = {
  path: "/demos",
  title: "Live Website Demos",
  description:
    "Click through seven live demo websites built for Rhode Island restaurants, food trucks, cleaners, detailers, landscapers, plumbers and groomers.",
  keywords: [
    "website demos",
    "small business website examples",
    "restaurant website example",
    "food truck website",
    "auto detailing website",
    "rhode island web design",
    "live website preview",
  ],
  changefreq: "monthly",
  priority: 0.8,
};
