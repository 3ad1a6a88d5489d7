import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const westerly: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Westerly Web Design for Beach and Seasonal Businesses",
    description: `Websites for Westerly beach rentals, seasonal shops and downtown restaurants, from Watch Hill to Misquamicut. Custom design from ${from}.`,
    keywords: [
      "westerly web design",
      "westerly ri website",
      "beach rental website",
      "watch hill business website",
      "misquamicut website design",
      "seasonal business website",
    ],
  },
  hero: {
    intro: `Westerly's summer is short and busy, and a lot of it is booked online months ahead. I build websites for beach rentals, seasonal shops and the downtown businesses that stay open all year, from ${from}.`,
    meetNote: "It's a drive down from me, but I'm glad to make it: we can meet downtown or at your place.",
  },
  places: {
    title: "Westerly villages I work in",
    intro: "From the carousel at Watch Hill to the granite village of Bradford, Westerly is more than its beaches.",
    names: [
      "Downtown Westerly",
      "Watch Hill",
      "Misquamicut",
      "Weekapaug",
      "Dunn's Corners",
      "Bradford",
      "Shelter Harbor",
      "Avondale",
      "White Rock",
    ],
  },
  services: {
    intro: "These are the Westerly businesses I build for most, each with its season in mind.",
    cards: [
      {
        title: "Beach rentals and Misquamicut cottages",
        description:
          "Photos of every room, the walk to the beach, weekly rates and an availability request form, so renters book with you instead of a listing site that takes a cut.",
        examples: ["Cottage rentals", "Motels", "Property managers", "Beach houses"],
      },
      {
        title: "Seasonal shops in Watch Hill",
        description:
          "Opening day, summer hours and what's new on Bay Street, on a site that is easy to wake up each spring and put to bed after Labor Day.",
        examples: ["Gift shops", "Ice cream stands", "Clothing boutiques", "Beach gear"],
      },
      {
        title: "Downtown restaurants and the arts",
        description:
          "Menus, show-night specials and events for the places around Wilcox Park and the downtown theaters that stay busy long after the beach closes.",
        examples: ["Restaurants", "Theaters", "Music venues", "Cafés"],
      },
      {
        title: "Wedding venues and photographers",
        description:
          "Ocean-view galleries, packages, availability by season and an inquiry form with the date up front, for couples planning a shoreline wedding from far away.",
        examples: ["Venues", "Photographers", "Florists", "Planners"],
      },
      {
        title: "Stonemasons and granite trades",
        description:
          "Westerly granite stands in monuments across the country. Show your stonework, memorials and patios in big photos, with a request form for estimates.",
        examples: ["Stonemasons", "Memorial makers", "Hardscapers", "Countertop fabricators"],
      },
      {
        title: "Marinas and fishing on the Pawcatuck",
        description:
          "Slip rentals, fuel dock hours, fishing reports and charter trips, for the businesses on the river and out toward Little Narragansett Bay.",
        examples: ["Marinas", "Fishing charters", "Bait shops", "Kayak rentals"],
      },
    ],
  },
  why: {
    intro: "Why Westerly's seasonal and year-round businesses work with me.",
    points: [
      {
        title: "I plan around your season",
        text: `Most sites go live in ${site.delivery.typical}. Start after the holidays and you're taking summer bookings by spring.`,
      },
      {
        title: "Book direct, keep more",
        text: "A good site with a request form means more renters and guests reach you directly, without a third-party fee on every stay.",
      },
      {
        title: "Support in the off-season too",
        text: `Sites start at ${from}, with hosting and support included year-round, so next summer's rates are a quick message away.`,
      },
    ],
  },
  work: {
    text: "Open the live demos on your phone and tap around, the way a renter or day-tripper would from a beach chair.",
  },
  cta: {
    title: "Let's get your Westerly business ready for summer",
    text: "Tell me what you run and when your season starts. I'll reply with a plan and a price, and a launch date ahead of it.",
    contactLabel: "Send a Message",
  },
};
