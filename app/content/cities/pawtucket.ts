import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const pawtucket: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Pawtucket Web Design for Makers, Breweries and Local Shops",
    description: `Websites for Pawtucket makers, breweries, bakeries and neighborhood shops. Custom design from ${from}, with hosting and ongoing support included.`,
    keywords: [
      "pawtucket web design",
      "pawtucket ri website",
      "brewery website design",
      "artist website rhode island",
      "bakery website pawtucket",
      "small business website blackstone valley",
    ],
  },
  hero: {
    intro: `The American Industrial Revolution started at the falls in Pawtucket, and the city still makes things: beer, bread, art and furniture in old mill buildings along the Blackstone. I build websites for those businesses, from ${from}.`,
    meetNote: "Pawtucket is ten minutes from me, so I'm glad to meet at your studio, taproom or shop.",
  },
  places: {
    title: "Pawtucket neighborhoods I work in",
    intro: "From the mills downtown to the quiet streets of Oak Hill, every part of Pawtucket has its regulars.",
    names: [
      "Downtown",
      "Oak Hill",
      "Darlington",
      "Pinecrest",
      "Fairlawn",
      "Quality Hill",
      "Woodlawn",
      "Pleasant View",
      "Prospect Heights",
    ],
  },
  services: {
    intro: "Pawtucket businesses tend to be hands-on and proud of it. These are the ones I build for most.",
    cards: [
      {
        title: "Makers and artists in the mill buildings",
        description:
          "Studio sites with the work up front, open studio dates and a commission inquiry form, for the painters, woodworkers and printmakers in converted mills along the river.",
        examples: ["Painters", "Woodworkers", "Printmakers", "Furniture makers"],
      },
      {
        title: "Craft breweries and taprooms",
        description:
          "What's on tap this week, food truck nights, taproom hours and private event inquiries, updated as fast as the tap list changes.",
        examples: ["Breweries", "Taprooms", "Distilleries", "Cideries"],
      },
      {
        title: "Portuguese and Cape Verdean bakeries and kitchens",
        description:
          "Menus and specials in English and Portuguese, holiday order notices for sweet bread season and photos that make people cross town for lunch.",
        examples: ["Bakeries", "Restaurants", "Markets", "Caterers"],
      },
      {
        title: "Auto body and repair on Newport Avenue",
        description:
          "The work you do, the insurers you deal with, a photo-friendly estimate request and directions, so drivers trust you before they pull in.",
        examples: ["Auto body shops", "Mechanics", "Tire shops", "Glass repair"],
      },
      {
        title: "Daycares and after-school programs",
        description:
          "Ages served, a day in the life, licensing details and a tour request, written for parents reading on their lunch break.",
        examples: ["Daycares", "Preschools", "After-school programs", "Tutors"],
      },
      {
        title: "Barbers and salons in Darlington and Pinecrest",
        description:
          "Prices, chair photos, walk-in hours and your booking link, on a site that looks as sharp as a fresh fade.",
        examples: ["Barbershops", "Hair salons", "Braiders", "Nail studios"],
      },
    ],
  },
  why: {
    intro: "What Pawtucket owners say made the decision easy.",
    points: [
      {
        title: "Made by hand, like your work",
        text: "Your site is designed and built for your business by one person, not assembled from a theme that a thousand others use.",
      },
      {
        title: "A price a small shop can manage",
        text: `Sites start at ${from}, and the price is set before work starts. Hosting and support are part of the deal.`,
      },
      {
        title: "Bilingual when you need it",
        text: "English and Portuguese or Spanish pages side by side, so every customer who walks in can read about you first.",
      },
    ],
  },
  work: {
    text: "The live demos show the kind of site a Pawtucket bakery, barber or detailer could have: fast, easy to read and built to get a call or a visit.",
  },
  cta: {
    title: "Let's get your Pawtucket business found",
    text: `Tell me about what you make or do. I'll reply with ideas and a clear price, and most sites launch in ${site.delivery.typical}.`,
    contactLabel: "Send a Message",
  },
};
