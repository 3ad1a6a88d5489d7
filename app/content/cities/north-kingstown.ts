import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const northKingstown: CityCopy = {
  pageType: "Service",
  seo: {
    title: "North Kingstown Web Design for Marine and Local Businesses",
    description: `Websites for North Kingstown boatyards, Quonset businesses and Wickford shops. Custom design from ${from}, live in ${site.delivery.typical}, hosting included.`,
    keywords: [
      "north kingstown web design",
      "wickford ri website",
      "quonset business park website",
      "marine business website",
      "boatyard website design",
      "north kingstown ri web designer",
    ],
  },
  hero: {
    intro: `North Kingstown mixes a harbor village, a working waterfront and one of the state's biggest business parks. I build websites for all three: boatyards, Quonset suppliers and the shops along Brown Street, from ${from}.`,
    meetNote: "Route 4 gets me to Wickford or Quonset in about half an hour, so meeting in person is easy.",
  },
  places: {
    title: "North Kingstown villages I work in",
    intro: "The town is a collection of villages, each with its own harbor, crossroads or mill history.",
    names: [
      "Wickford",
      "Saunderstown",
      "Quonset",
      "Davisville",
      "Hamilton",
      "Lafayette",
      "Quidnessett",
      "Slocum",
      "Plum Beach",
      "Allenton",
    ],
  },
  services: {
    intro:
      "North Kingstown's businesses range from one-person shops to industrial suppliers. These are the ones I build for most.",
    cards: [
      {
        title: "Marinas, boatyards and marine services",
        description:
          "Slip and mooring details, haul-out and storage info, the services your yard offers and a request form, for the operations around Wickford Harbor and Allen Harbor.",
        examples: ["Marinas", "Boatyards", "Canvas and rigging", "Marine electricians"],
      },
      {
        title: "Quonset Business Park companies",
        description:
          "Clear capability pages, certifications, equipment lists and contacts by department, so a buyer or a job seeker finds what they need without a phone tree.",
        examples: ["Manufacturers", "Fabricators", "Logistics firms", "Suppliers"],
      },
      {
        title: "Wickford Village shops and galleries",
        description:
          "Storefronts on Brown Street and Main Street get a site as charming as the village, with what's new, holiday hours and the art festival weekend front and center.",
        examples: ["Boutiques", "Galleries", "Gift shops", "Cafés"],
      },
      {
        title: "Oyster farms and seafood sellers",
        description:
          "Where your shellfish come from, where to buy them this week and how to order for an event, told with photos from out on the bay.",
        examples: ["Oyster farms", "Shellfishermen", "Fish markets", "Raw bar caterers"],
      },
      {
        title: "Slocum turf farms and landscapers",
        description:
          "Sod types, delivery areas, seasonal pricing notes and a quote form, for the growers and crews out on the sandy soil of Slocum and beyond.",
        examples: ["Turf farms", "Landscapers", "Nurseries", "Hardscapers"],
      },
      {
        title: "Builders and remodelers in Saunderstown",
        description:
          "Project galleries, the process from first visit to final walkthrough and the towns you serve, for builders working on shore homes in Saunderstown, Plum Beach and Quidnessett.",
        examples: ["Home builders", "Remodelers", "Decks and docks", "Architects"],
      },
    ],
  },
  extraFeatures: {
    title: "Features for marine and business-park work",
    intro: "Waterfront and industrial businesses need a few things most small sites don't. These come built in.",
    items: [
      {
        title: "Quote and RFQ request forms",
        text: "Part numbers, quantities, drawings described and a deadline, sent to the right person instead of a general inbox.",
      },
      {
        title: "Capability statements",
        text: "A clean page, and a downloadable PDF, with what you make, your certifications and the equipment on your floor.",
      },
      {
        title: "Haul-out and storage requests",
        text: "Boat length, type and dates for spring launch or fall haul-out, collected before the rush starts.",
      },
      {
        title: "Directions to the right gate",
        text: "Getting to a building in Quonset or a yard down a harbor road is confusing. Clear directions and a map fix that.",
      },
      {
        title: "Seasonal service schedules",
        text: "Launch dates, winterizing windows and yard hours that change with the season, easy to update yourself.",
      },
      {
        title: "Careers and team pages",
        text: "Open positions and who to contact, because many park businesses are hiring as often as they are selling.",
      },
    ],
  },
  why: {
    intro: "Why North Kingstown businesses, from the harbor to the park, work with me.",
    points: [
      {
        title: "I learn your trade first",
        text: "Before designing anything I ask how your customers buy, whether that's a mooring for the summer or a run of machined parts.",
      },
      {
        title: "Straightforward pricing",
        text: `Sites start at ${from}, with a fixed price agreed before work begins. Hosting and support are included, not billed by the hour.`,
      },
      {
        title: "Launched before you need it",
        text: `Most sites go live in ${site.delivery.typical}, in time for launch season or the next trade show.`,
      },
    ],
  },
  work: {
    text: "Browse the live demos to see how clean, fast pages read on a phone, whether the visitor is a boat owner in the yard or a buyer at a desk.",
  },
  cta: {
    title: "Let's build your North Kingstown website",
    text: "Tell me about your yard, shop or company. I'll reply with a plan, a fixed price and a realistic launch date.",
    contactLabel: "Get in Touch",
  },
};
