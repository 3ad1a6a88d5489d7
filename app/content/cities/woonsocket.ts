import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const woonsocket: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Woonsocket Web Design for Family Businesses and Trades",
    description: `Websites for Woonsocket family restaurants, trades, shops and community groups. Custom design from ${from}, live in ${site.delivery.typical}.`,
    keywords: [
      "woonsocket web design",
      "woonsocket ri website",
      "family restaurant website",
      "plumber website rhode island",
      "northern rhode island web designer",
      "small business website woonsocket",
    ],
  },
  hero: {
    intro: `Woonsocket does things its own way, from dynamite sandwiches to a French-Canadian history you can still hear in the street names. I build honest, good-looking websites for the city's family businesses and trades, from ${from}.`,
    meetNote: "Route 146 gets me to Woonsocket in about half an hour, and I'm happy to meet at your place.",
  },
  places: {
    title: "Woonsocket neighborhoods I work in",
    intro: "Woonsocket's villages grew up around its mills, and each still has its own main drag and its own regulars.",
    names: [
      "Main Street",
      "Social",
      "Fairmount",
      "Globe",
      "Constitution Hill",
      "Bernon",
      "Cato Hill",
      "North End",
      "Hamlet",
    ],
  },
  services: {
    intro: "These are the Woonsocket businesses I build for most, each one with its own site, not a copy of the last.",
    cards: [
      {
        title: "Family restaurants and diners",
        description:
          "The breakfast specials, the dynamite and the Friday fish fry, with hours and a takeout number big enough to tap. Simple to update when prices change.",
        examples: ["Diners", "Family restaurants", "Pizza shops", "Bakeries"],
      },
      {
        title: "Plumbers, electricians and HVAC",
        description:
          "Your services, emergency number and the towns you cover, from Woonsocket and Cumberland to North Smithfield and over the line into Blackstone.",
        examples: ["Plumbers", "Electricians", "HVAC", "Oil and propane"],
      },
      {
        title: "Main Street shops near Monument Square",
        description:
          "For the stores and cafés that fill up on show nights at the Stadium Theatre: hours, what's new and a reason to come early for dinner.",
        examples: ["Gift shops", "Cafés", "Consignment shops", "Music stores"],
      },
      {
        title: "Parishes, clubs and community groups",
        description:
          "Mass and meeting times, event calendars, hall rentals and a little history, kept current by whoever has the password, no tech degree required.",
        examples: ["Parishes", "Social clubs", "Veterans posts", "Booster clubs"],
      },
      {
        title: "Auto dealers and repair on Diamond Hill Road",
        description:
          "Services, current inventory highlights and an easy contact form, so drivers from across northern Rhode Island choose your lot or bay first.",
        examples: ["Used car dealers", "Mechanics", "Auto body", "Towing"],
      },
      {
        title: "Home care, daycare and family services",
        description:
          "Warm, clear sites that explain what you offer, who you serve and how to start, for families making a big decision on a small phone screen.",
        examples: ["Home health agencies", "Daycares", "Senior care", "Tutors"],
      },
    ],
  },
  why: {
    intro: "Woonsocket businesses have heard plenty of big promises. Here's what they actually get from me.",
    points: [
      {
        title: "No agency markup",
        text: `Sites start at ${from}. You pay for a good website, not an office downtown and a sales team.`,
      },
      {
        title: "Plain English, start to finish",
        text: "No jargon and no upsell. I explain what your site needs and what it doesn't, and you decide.",
      },
      {
        title: "Someone to call afterward",
        text: "Hosting and support are included. When the specials change or you add a service, you call me and it's done.",
      },
    ],
  },
  work: {
    text: "Try the live demos on your phone: a restaurant, a plumber and more, the kind of site a Woonsocket business could have running in a few weeks.",
  },
  cta: {
    title: "Let's get your Woonsocket business online",
    text: "Tell me about your business in a few lines. I'll reply with a plan and a price you can plan around.",
    contactLabel: "Send a Message",
  },
};
