/**
 * The seven live demo sites (public-site spec 2.7, 3 "Demo"). Each is a small
 * static site served by this app under /demo-sites/{id}/ (public/demo-sites),
 * so every viewer frame and live link works with no outside host.
 */
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

// Descriptions, features and tech stacks are filled in with the demo sites.
export const demos: readonly Demo[] = [
  {
    id: "restaurant",
    title: "Federal Hill Trattoria",
    description: "",
    category: "food",
    url: demoUrl("restaurant"),
    features: [],
    techStack: [],
    industry: "restaurant",
  },
  {
    id: "food-truck",
    title: "Ocean State Tacos",
    description: "",
    category: "food",
    url: demoUrl("food-truck"),
    features: [],
    techStack: [],
    industry: "food-truck",
  },
  {
    id: "cleaning",
    title: "Bay Breeze Cleaning Co.",
    description: "",
    category: "service",
    url: demoUrl("cleaning"),
    features: [],
    techStack: [],
    industry: "cleaning-services",
  },
  {
    id: "car-detailing",
    title: "Gloss Boss Auto Detailing",
    description: "",
    category: "automotive",
    url: demoUrl("car-detailing"),
    features: [],
    techStack: [],
    industry: "car-detailing",
  },
  {
    id: "landscaping",
    title: "Narragansett Greenscapes",
    description: "",
    category: "service",
    url: demoUrl("landscaping"),
    features: [],
    techStack: [],
    industry: "landscaping",
  },
  {
    id: "plumbing",
    title: "Pawtucket Pipe & Drain",
    description: "",
    category: "service",
    url: demoUrl("plumbing"),
    features: [],
    techStack: [],
    industry: "plumbing",
  },
  {
    id: "pet-grooming",
    title: "Wag & Wash Grooming",
    description: "",
    category: "service",
    url: demoUrl("pet-grooming"),
    features: [],
    techStack: [],
    industry: "pet-grooming",
  },
];

export const demoForIndustry = (industry: IndustrySlug): Demo | undefined =>
  demos.find((demo) => demo.industry === industry);

export const demosPage: StaticPage = {
  path: "/demos",
  title: "Live Website Demos",
  description:
    "Click through seven live demo websites built for Rhode Island restaurants, food trucks, cleaners, detailers, landscapers, plumbers and groomers.",
  changefreq: "monthly",
  priority: 0.8,
};
