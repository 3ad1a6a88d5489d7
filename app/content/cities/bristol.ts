import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const bristol: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Bristol RI Web Design for Harbor and Hope Street Businesses",
    description: `Websites for Bristol shops, restaurants, boatbuilders and venues on Hope Street and the harbor. Custom design from ${from}, hosting included.`,
    keywords: [
      "bristol ri web design",
      "bristol rhode island website",
      "hope street business website",
      "marine business website",
      "wedding venue website bristol",
      "east bay web designer",
    ],
  },
  hero: {
    intro: `Bristol has the country's oldest Fourth of July celebration, a harbor full of boatbuilding history and a Hope Street that's busy all year. I build websites for the businesses that keep it that way, from ${from}.`,
    meetNote: "Route 114 takes me down to Bristol in about half an hour. Let's meet on Hope Street or at your shop.",
  },
  places: {
    title: "Bristol neighborhoods I work in",
    intro: "Bristol is small, but its harbor streets, points and hillside neighborhoods each have their own feel.",
    names: [
      "Hope Street",
      "Thames Street and the waterfront",
      "Poppasquash",
      "Silver Creek",
      "Bristol Highlands",
      "Mount Hope",
      "Ferry Road",
    ],
  },
  services: {
    intro: "These are the Bristol businesses I build for most, each with a site as carefully made as the town itself.",
    cards: [
      {
        title: "Hope Street shops and cafés",
        description:
          "What's in the window this week, hours and the story of your shop, for the boutiques and coffee spots that line the red, white and blue center stripe.",
        examples: ["Boutiques", "Coffee shops", "Bookstores", "Gift shops"],
      },
      {
        title: "Harbor restaurants and Fourth of July crowds",
        description:
          "Menus, reservation links and a parade-week notice with special hours, so you're ready when the whole state shows up on the Fourth.",
        examples: ["Harbor restaurants", "Pubs", "Bakeries", "Ice cream shops"],
      },
      {
        title: "Boatbuilders and marine trades",
        description:
          "Bristol has built boats for generations. Project galleries, capabilities and a contact form for owners and yards, done with the care of the work itself.",
        examples: ["Boatbuilders", "Composite shops", "Riggers", "Yacht brokers"],
      },
      {
        title: "Wedding venues and garden estates",
        description:
          "Galleries of the grounds, the bay views and the seasons, with an inquiry form for dates and guest counts, for couples drawn to estates like Blithewold and Linden Place.",
        examples: ["Estates", "Tented venues", "Florists", "Photographers"],
      },
      {
        title: "Real estate and harbor-view rentals",
        description:
          "Agent bios, neighborhood guides from Poppasquash to Bristol Highlands and rental pages that send inquiries straight to you.",
        examples: ["Real estate agents", "Vacation rentals", "Property managers", "Inns"],
      },
      {
        title: "Businesses near Roger Williams University",
        description:
          "For the pizza places, fitness studios and tutors near campus on Ferry Road: hours, student deals and a site that keeps up with the semester.",
        examples: ["Pizza shops", "Fitness studios", "Tutors", "Bike shops"],
      },
    ],
  },
  why: {
    intro: "Why Bristol businesses choose to work with me.",
    points: [
      {
        title: "Careful, classic design",
        text: "Bristol cares how things look, from the Hope Street storefronts to the boats in the harbor. Your site gets the same attention.",
      },
      {
        title: "One price, everything included",
        text: `Sites start at ${from}, with hosting and support included. You know the full cost before we start.`,
      },
      {
        title: "Ready before the Fourth",
        text: `Most sites go live in ${site.delivery.typical}, so a spring start has you ready for the busiest week of Bristol's year.`,
      },
    ],
  },
  work: {
    text: "The live demos show how a restaurant, a cleaner or a detailer site works on a phone. Imagine your shop, venue or yard in their place.",
  },
  cta: {
    title: "Let's build your Bristol website",
    text: "Tell me about your business in a few lines. I'll reply with ideas, a fixed price and a launch date.",
    contactLabel: "Get in Touch",
  },
};
