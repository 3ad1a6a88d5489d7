import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const southKingstown: CityCopy = {
  pageType: "Service",
  seo: {
    title: "South Kingstown Web Design for Shops, Farms and Beach Businesses",
    description: `Websites for South Kingstown shops, farms, surf and fishing businesses, from Wakefield to Matunuck. Custom design from ${from}, hosting included.`,
    keywords: [
      "south kingstown web design",
      "wakefield ri website",
      "matunuck business website",
      "fishing charter website",
      "farm website rhode island",
      "south county web designer",
    ],
  },
  hero: {
    intro: `South Kingstown has a college town, a surf break, working farms and a Main Street, all in one. I build websites that fit each of them, priced from ${from} and live in ${site.delivery.typical}.`,
    meetNote: "I'm down Route 1 often, and happy to meet in Wakefield or at your farm, shop or dock.",
  },
  places: {
    title: "South Kingstown villages I work in",
    intro: "The town is a patchwork of villages, from the mill houses of Peace Dale to the beach roads of Matunuck.",
    names: [
      "Wakefield",
      "Peace Dale",
      "Kingston",
      "West Kingston",
      "Matunuck",
      "Green Hill",
      "Snug Harbor",
      "Perryville",
      "Usquepaug",
    ],
  },
  services: {
    intro:
      "South County businesses swing between a packed summer and a quiet, loyal winter. These are the ones I build for most.",
    cards: [
      {
        title: "Surf shops and Matunuck beach businesses",
        description:
          "Lessons, rentals and the gear you stock, with summer hours and a booking request form that works from the sand.",
        examples: ["Surf shops", "Surf lessons", "Beach rentals", "Snack bars"],
      },
      {
        title: "Oyster farms and farm stands",
        description:
          "What's harvested this week, where to buy it and when the stand is open, for growers on the salt ponds and the farm roads of West Kingston and Usquepaug.",
        examples: ["Oyster farms", "Farm stands", "Creameries", "Flower farms"],
      },
      {
        title: "Businesses near URI in Kingston",
        description:
          "Students and visiting parents search on phones, in a hurry. Hours, delivery areas, student deals and move-in weekend notices, easy to change each semester.",
        examples: ["Pizza and delivery", "Student housing", "Tutors", "Print shops"],
      },
      {
        title: "Main Street Wakefield shops and restaurants",
        description:
          "Menus, events and what's new on the shelves, for the bookstores, cafés and restaurants that keep Wakefield busy all year, not just in July.",
        examples: ["Bookstores", "Restaurants", "Cafés", "Boutiques"],
      },
      {
        title: "Fishing charters out of Snug Harbor",
        description:
          "Trips by species and season, what's included, the cancellation policy and a request form, so anglers can book the striper run before they arrive.",
        examples: ["Fishing charters", "Bait and tackle", "Kayak tours", "Boat rentals"],
      },
      {
        title: "Builders and home services in Green Hill and Perryville",
        description:
          "Project photos, the towns you cover and a quote form, for the builders and caretakers who look after shore homes and year-round houses alike.",
        examples: ["Home builders", "Caretakers", "Septic services", "Landscapers"],
      },
    ],
  },
  why: {
    intro: "Why South Kingstown businesses choose a one-person studio.",
    points: [
      {
        title: "Ready for the summer rush",
        text: `Most sites launch in ${site.delivery.typical}. Start in the spring and you're set before Matunuck fills up.`,
      },
      {
        title: "Sized for a small business",
        text: `Sites start at ${from}, with a fixed price up front and hosting and support included all year, off-season too.`,
      },
      {
        title: "Easy off-season updates",
        text: "Winter hours, a closed-for-the-season notice or next summer's rates: send me a message and it's handled.",
      },
    ],
  },
  work: {
    text: "The live demos show how a food truck, a landscaper or a restaurant site reads on a phone. Picture your shop, farm or charter in their place.",
  },
  cta: {
    title: "Let's build your South Kingstown website",
    text: "Tell me about your business and your season. I'll reply with a plan, a price and a launch date.",
    contactLabel: "Ask a Question",
  },
};
