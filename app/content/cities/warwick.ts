import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const warwick: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Warwick Web Design for Small Businesses",
    description: `Websites for Warwick shops, trades and waterfront eateries, from Apponaug to Oakland Beach. Custom design from ${from} with hosting and support included.`,
    keywords: [
      "warwick web design",
      "warwick ri website designer",
      "small business website warwick",
      "auto repair website rhode island",
      "contractor website warwick ri",
      "pawtuxet village business website",
    ],
  },
  hero: {
    intro: `Warwick has a bit of everything: the Route 2 shopping strip, the airport, and more than thirty miles of shoreline. I build websites for the businesses in between, priced from ${from} and live in ${site.delivery.typical}.`,
    meetNote: "It's a short hop down I-95 from my desk, so meeting at your shop or in Apponaug is easy.",
  },
  places: {
    title: "Warwick villages and neighborhoods I work in",
    intro: "Warwick is really a string of villages, and each one shops a little differently.",
    names: [
      "Apponaug",
      "Pawtuxet Village",
      "Conimicut",
      "Oakland Beach",
      "Cowesett",
      "Hillsgrove",
      "Warwick Neck",
      "Buttonwoods",
      "Greenwood",
      "Norwood",
      "Gaspee Plateau",
      "Potowomut",
    ],
  },
  services: {
    intro:
      "These are the Warwick businesses I hear from most. If yours isn't here, the approach is the same: a site built around how your customers actually find you.",
    cards: [
      {
        title: "Route 2 and Bald Hill Road retailers",
        description:
          "Shoppers on Bald Hill Road compare stores on their phones in the parking lot. A fast page with what you carry, your hours and a map pin wins that ten-second decision.",
        examples: ["Specialty stores", "Phone repair", "Furniture shops", "Tire centers"],
      },
      {
        title: "Auto repair and detailing shops",
        description:
          "Services with honest price ranges, before-and-after photos and a request-a-quote form, so the shop on Post Road spends less time on the phone explaining what a full detail includes.",
        examples: ["Detailers", "Mechanics", "Body shops", "Window tinting"],
      },
      {
        title: "Oakland Beach and Conimicut eateries",
        description:
          "Clam shacks, ice cream windows and seafood spots live and die by the weather. Seasonal hours you can switch in a minute and a menu people can read in the sun.",
        examples: ["Clam shacks", "Ice cream stands", "Seafood takeout", "Snack bars"],
      },
      {
        title: "Pawtuxet Village shops and cafés",
        description:
          "Small storefronts on Broad Street do best with warm, personal sites: the story behind the shop, what's new this month and directions that mention where to park.",
        examples: ["Boutiques", "Antique dealers", "Coffee shops", "Bakeries"],
      },
      {
        title: "Airport-area travel services",
        description:
          "Near T.F. Green, travelers search in a hurry. Clear rates, shuttle times and a booking request form that works one-handed, with a suitcase in the other.",
        examples: ["Park-and-fly lots", "Car services", "Shuttle companies", "Small hotels"],
      },
      {
        title: "Home services across Cowesett and Warwick Neck",
        description:
          "Contractors, landscapers and HVAC techs need a site that lists the neighborhoods they cover, shows finished jobs and makes calling them the obvious next step.",
        examples: ["Contractors", "Landscapers", "HVAC", "Painters"],
      },
    ],
  },
  why: {
    intro: "Warwick owners tell me the same three things matter to them.",
    points: [
      {
        title: "Close by, not a call center",
        text: `I'm fifteen minutes up the highway. You get ${site.owner.firstName} on the phone, not a ticket number, and I can stop by the shop to take photos.`,
      },
      {
        title: "Priced for a real small business",
        text: `Sites start at ${from}. You see the full price before any work starts, and hosting and support are part of it, not a surprise bill in March.`,
      },
      {
        title: "Built to be found locally",
        text: "Every page is set up for searches like 'detailing near Apponaug' or 'clam cakes Oakland Beach', with the basics Google needs to place you on the map.",
      },
    ],
  },
  work: {
    text: "Try the demo sites for a detailer, a landscaper and a food truck: the same kind of site a Warwick business could have running before the next season starts.",
  },
  cta: {
    title: "Ready for a Warwick website that brings in calls?",
    text: "Send a few lines about your business. I'll reply with ideas and a clear price, no pressure and no jargon.",
    contactLabel: "Send a Message",
  },
};
