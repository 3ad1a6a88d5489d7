import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const eastProvidence: CityCopy = {
  pageType: "Service",
  seo: {
    title: "East Providence Web Design for Local Businesses",
    description: `Websites for East Providence bakeries, waterfront restaurants, trades and offices, from Riverside to Rumford. Custom design from ${from}.`,
    keywords: [
      "east providence web design",
      "east providence ri website",
      "riverside ri business website",
      "portuguese bakery website",
      "restaurant website east providence",
      "east bay web designer",
    ],
  },
  hero: {
    intro: `East Providence sits right across the Seekonk River from me, with a long shoreline, a strong Portuguese community and the start of the East Bay Bike Path. I build websites for the businesses that make it home, from ${from}.`,
    meetNote: "I'm just over the Washington Bridge, so coffee in Rumford or a visit to your shop is easy.",
  },
  places: {
    title: "East Providence neighborhoods I work in",
    intro: "From the carousel in Riverside to the mills of Phillipsdale, I work across the whole city.",
    names: [
      "Riverside",
      "Rumford",
      "Watchemoket",
      "Phillipsdale",
      "Kent Heights",
      "Six Corners",
      "Bullocks Point",
      "Waterfront District",
    ],
  },
  services: {
    intro: "East Providence businesses serve neighbors more than tourists. These are the ones I hear from most.",
    cards: [
      {
        title: "Portuguese bakeries and markets",
        description:
          "Holiday sweet bread orders, daily specials and hours in English and Portuguese, on a site your longtime customers and new neighbors can both use.",
        examples: ["Bakeries", "Fish markets", "Butchers", "Specialty grocers"],
      },
      {
        title: "Bayfront restaurants and function halls",
        description:
          "Menus, water-view photos and a function inquiry form for showers, wakes and anniversary parties, so you fill the room on slow weeknights too.",
        examples: ["Seafood restaurants", "Function halls", "Pubs", "Banquet caterers"],
      },
      {
        title: "Bike path shops and cafés",
        description:
          "Riders on the East Bay Bike Path look you up mid-ride. Hours, what you rent or repair, and a map pin that shows how close you are to the path.",
        examples: ["Bike shops", "Coffee shops", "Ice cream stands", "Rentals"],
      },
      {
        title: "Riverside family businesses",
        description:
          "For the pizza place, the hardware store and the dance school near Crescent Park: a friendly site with the basics right and a little neighborhood history.",
        examples: ["Pizza shops", "Hardware stores", "Dance schools", "Dry cleaners"],
      },
      {
        title: "Trades in Phillipsdale and Kent Heights",
        description:
          "Electricians, plumbers and roofers get service pages, service-area lists and a quote form, all built to turn a search into a call.",
        examples: ["Electricians", "Plumbers", "Roofers", "Landscapers"],
      },
      {
        title: "Rumford offices and practices",
        description:
          "Insurance agents, dentists and tax preparers along Newport Avenue get a clean, trustworthy site with services, hours and an easy way to book.",
        examples: ["Insurance agents", "Dentists", "Tax preparers", "Real estate agents"],
      },
    ],
  },
  why: {
    intro: "Why East Providence owners pick me over a big agency.",
    points: [
      {
        title: "Practically a neighbor",
        text: `I'm a few minutes across the river in ${site.address.locality}. You can reach me by phone the same day, and I can stop by with a camera.`,
      },
      {
        title: "Honest, fixed pricing",
        text: `Sites start at ${from}. You get one price before work starts, with hosting and ongoing support included.`,
      },
      {
        title: "Your customers, your language",
        text: "Pages in English and Portuguese where it helps, written so your grandmother's regulars and the new families in town both feel welcome.",
      },
    ],
  },
  work: {
    text: "See what a finished site looks like in the live demos: a restaurant, a cleaner and more, each built to load fast and get the phone ringing.",
  },
  cta: {
    title: "Let's build your East Providence website",
    text: `A few lines about your business is all I need to start. Most sites go live in ${site.delivery.typical}.`,
    contactLabel: "Ask a Question",
  },
};
