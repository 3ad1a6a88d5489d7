/**
 * Claim your website (docs/product/lead-paths.md "Claim your website", "Claimable site"): three
 * fictional Rhode Island businesses with no website, or a very dated one, for which a site was
 * built in advance. Each site is a small static page served by this app under /claim-sites/{id}/
 * (public/claim-sites). The server reads this list to check a claim's siteId, so relative imports
 * only.
 */
import { formatPrice, site } from "../config/site";
import type { StaticPage } from "./pages";

export interface ClaimableSite {
  id: string;
  businessName: string;
  ownerName: string;
  category: string;
  /** Town, state. */
  location: string;
  /** Fictional 401-555-01xx number. */
  phone: string;
  /** Our best guess at the owner's address; used only to reach out, never shown. */
  estimatedEmail: string;
  /** live: finished and published at websiteUrl; preview: a first draft to react to. */
  status: "live" | "preview";
  /** Where the prebuilt site is served by this app. */
  websiteUrl: `/claim-sites/${string}/`;
  /** The business's own site today, if it has one worth linking. */
  currentWebsiteUrl?: string;
  /** ISO date the site was built. */
  builtDate: string;
  features: string[];
  /** Why this business got a site built in advance. */
  reason: string;
  /** How customers find the business online today. */
  currentTraffic: string;
  businessDescription: string;
  /** Always null here: a claim is handled by hand, the list does not change. */
  claimedDate: null;
  address?: string;
  serviceArea?: string;
  isPreview?: boolean;
  licenseInfo?: string;
}

const siteUrl = (id: string) => `/claim-sites/${id}/` as const;

export const claimableSites: readonly ClaimableSite[] = [
  {
    id: "kickemuit-hardware",
    businessName: "Kickemuit Hardware & Supply",
    ownerName: "Ray Medeiros",
    category: "Hardware store",
    location: "Warren, RI",
    phone: "401-555-0131",
    estimatedEmail: "info@kickemuithardware.com",
    status: "live",
    websiteUrl: siteUrl("kickemuit-hardware"),
    builtDate: "2025-05-12",
    features: [
      "Seven departments, from paint to marine supplies",
      "In-store services: keys, screens, propane, sharpening",
      "Store hours with summer and holiday hours",
      "Tap-to-call and directions off Route 114",
      "What's in this month: seasonal stock panel",
      "Pickup request form for phone-in orders",
      "Family history since 1952",
    ],
    reason:
      "Three generations on Main Street and a loyal following on both sides of the Kickemuit, but the only thing online is a map pin with last winter's Sunday hours. Summer visitors and new Warren homeowners can't tell that this is where you get a key cut, a screen fixed and the right bronze screws for a boat.",
    currentTraffic: "No website. Found through word of mouth and a map listing with outdated hours.",
    businessDescription:
      "A family hardware store in downtown Warren: paint mixed while you wait, plumbing and electrical parts sold by the piece, lawn and garden, and marine hardware for the boats on the Warren River.",
    claimedDate: null,
    address: "412 Main Street, Warren, RI 02885",
  },
  {
    id: "flat-river-electric",
    businessName: "Flat River Electric",
    ownerName: "Mike Dufresne",
    category: "Electrician",
    location: "Coventry, RI",
    phone: "401-555-0136",
    estimatedEmail: "info@flatriverelectric.com",
    status: "preview",
    websiteUrl: siteUrl("flat-river-electric"),
    builtDate: "2025-06-02",
    features: [
      "Services for homes, farms and small shops",
      "License number and insurance shown up front",
      "Panel upgrades and generator hookups explained",
      "Service area map of the western towns",
      "Storm and power-outage advice",
      "Estimate request form",
    ],
    reason:
      "A licensed, well-reviewed electrician whose whole online presence is the phone number lettered on his truck. Homeowners around Johnson's Pond searching for a generator hookup before hurricane season can't find him, let alone check his license.",
    currentTraffic: "No website. Work comes from referrals, a truck sign and a few neighborhood group posts.",
    businessDescription:
      "A one-truck electrical contractor in Coventry: panel upgrades, generator inlets, EV chargers, old-wiring fixes and new circuits for homes, barns and small shops in western Kent County.",
    claimedDate: null,
    serviceArea: "Coventry, West Warwick, West Greenwich, Scituate, Foster, Warwick and East Greenwich",
    isPreview: true,
    licenseInfo: "RI Electrical Contractor License A-00000 (sample number)",
  },
  {
    id: "ginettes-griddle",
    businessName: "Ginette's Griddle",
    ownerName: "Ginette Lavallée",
    category: "Breakfast diner",
    location: "Woonsocket, RI",
    phone: "401-555-0139",
    estimatedEmail: "info@ginettesgriddle.com",
    status: "preview",
    websiteUrl: siteUrl("ginettes-griddle"),
    builtDate: "2025-06-16",
    features: [
      "Full breakfast and lunch menu with prices",
      "Weekend specials board",
      "Hours, including the early 6 am opening",
      "Tap-to-call for takeout orders",
      "Directions and parking near Market Square",
      "Private breakfast request form for groups",
      "The story behind the French-Canadian dishes",
      "Built to load fast on a phone in line",
    ],
    reason:
      "A beloved breakfast counter with a line out the door on Sundays, but the menu online is a blurry photo from 2016 with old prices. People driving in for the Stadium Theatre or the Museum of Work and Culture can't check the hours or see that the tourtière hash is real.",
    currentTraffic: "A 2016 menu photo and a free listing page that no longer loads on a phone.",
    businessDescription:
      "A twelve-stool breakfast and lunch diner on Main Street in Woonsocket, known for buckwheat crêpes, tourtière hash, coffee milk and pouding chômeur on Saturdays.",
    claimedDate: null,
    address: "211 Main Street, Woonsocket, RI 02895",
    isPreview: true,
  },
];

export function claimableSiteById(id: string): ClaimableSite | undefined {
  return claimableSites.find((entry) => entry.id === id);
}

export const claimPage: StaticPage = {
  path: "/claim-your-website",
  title: "Claim Your Website",
  description:
    "Websites built in advance for Rhode Island businesses in Warren, Coventry and Woonsocket. Find yours and claim it with no upfront cost.",
  keywords: [
    "claim your website",
    "prebuilt website",
    "small business website rhode island",
    "free website preview",
    "warren ri hardware store",
    "coventry ri electrician",
    "woonsocket diner",
  ],
  changefreq: "monthly",
  priority: 0.7,
};

/** The copy of the claim page's three views, in Tyler's own voice like the rest of the site. */
export const claimCopy = {
  eyebrow: "Already built, waiting for you",
  title: "Claim Your Website",
  intro:
    "Some of the best businesses in Rhode Island have no website, or one that hasn't been touched in years. When I find one, I sometimes build the site first and ask later. If your business is below, it's yours to look over and claim.",
  whyTitle: "Why these sites already exist",
  why: [
    {
      title: "Built before anyone asked",
      text: "A good hardware store, electrician or diner shouldn't lose customers to an empty search result. Building the site first is the quickest way to show what it could look like.",
    },
    {
      title: "Real details, ready to fix",
      text: "Each site uses what anyone can see from the street: the address, the hours on the door, the menu on the wall. You correct anything that's off before it goes out under your name.",
    },
    {
      title: "No upfront cost to claim",
      text: "Claiming costs nothing. We talk it over, you ask for changes, and you only pay if you decide to keep it, with the price in writing first.",
    },
  ],
  listTitle: "Sites waiting for their owners",
  listIntro:
    "Each one is a working website you can open and click through today. Claim it and it becomes yours to change.",
  ctaTitle: "Not on the list?",
  ctaText: `These three are only the start. If your business needs a website, tell me about it: custom sites start at ${formatPrice(site.pricing.startingPrice)} and are usually ready in ${site.delivery.typical}.`,
  claimIntro:
    "Tell me who you are and how I can check that the business is yours. Nothing is published or changed until that's done.",
  verificationHint:
    "For example: you're listed as the owner with the Secretary of State, you can pick up the business phone, or you can send a photo of yourself at the counter.",
  successTitle: "Your claim is in",
  nextSteps: [
    {
      title: "I check that it's yours",
      text: "Usually a quick call to the business phone, or whichever check you suggested. No paperwork.",
    },
    {
      title: "You ask for changes",
      text: "Swap photos, fix hours, rewrite anything. We walk through the site together on a call or over coffee.",
    },
    {
      title: "It goes live under your name",
      text: "On your own domain, with hosting and support included, once you're happy with every page.",
    },
  ],
} as const;
