import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

/** Providence: the home base, so its structured data is the business itself and it has no 'why' trio. */
export const providence: CityCopy = {
  pageType: "LocalBusiness",
  seo: {
    title: "Providence Web Design for Local Businesses",
    description: `Custom websites for Providence restaurants, studios, practices and non-profits, from ${from}. Built in Providence by ${site.owner.firstName}, live in ${site.delivery.typical}.`,
    keywords: [
      "providence web design",
      "providence web designer",
      "website design providence ri",
      "federal hill restaurant website",
      "small business website providence",
      "non-profit website rhode island",
    ],
  },
  hero: {
    intro: `Providence is where I live and work. From a bakery on Atwells Avenue to a two-person law office in Downcity, I build websites that load fast on a phone, read clearly and show up when your neighbors search. Sites start at ${from}, hosting and support included.`,
    meetNote: "Happy to meet at your place, or over coffee on Wickenden Street or in Wayland Square.",
  },
  places: {
    title: "Providence neighborhoods I work in",
    intro:
      "I've built for businesses all over the city, and I know the difference between a lunch crowd on College Hill and a Saturday night on Federal Hill.",
    names: [
      "Federal Hill",
      "Fox Point",
      "College Hill",
      "Wayland Square",
      "Downcity",
      "Jewelry District",
      "Olneyville",
      "West End and Armory",
      "Elmhurst",
      "Mount Pleasant",
      "Smith Hill",
      "Elmwood",
      "Washington Park",
      "Summit and Hope Street",
    ],
  },
  services: {
    intro:
      "Every Providence business is different, but most of the sites I build here fall into one of these groups. Each gets its own design, not a template with your logo dropped in.",
    cards: [
      {
        title: "Federal Hill restaurants and bakeries",
        description:
          "A menu you can change yourself, today's hours, a reservation or order link, and photos that load before someone walking up Atwells Avenue gives up and picks the place next door.",
        examples: ["Trattorias", "Pastry shops", "Wine bars", "Cafés"],
      },
      {
        title: "Design studios and makers",
        description:
          "Portfolio sites for the city's creative crowd: big, sharp images, clean project pages and an inquiry form, for studios in the Jewelry District and illustrators fresh out of RISD alike.",
        examples: ["Graphic designers", "Ceramicists", "Letterpress shops", "Photographers"],
      },
      {
        title: "Professional practices near downtown",
        description:
          "Calm, credible sites for the offices around Kennedy Plaza and the East Side: who you are, what you handle, what a first appointment looks like, and one clear way to book it.",
        examples: ["Attorneys", "Accountants", "Therapists", "Architects"],
      },
      {
        title: "Arts and community non-profits",
        description:
          "Event listings you can update after every board meeting, volunteer sign-up forms, and a donate button that points to the giving page you already use. Built for small budgets.",
        examples: ["Theater companies", "Neighborhood associations", "Youth programs", "Community gardens"],
      },
      {
        title: "East Side wellness and fitness",
        description:
          "Class schedules, instructor bios and a link to the booking tool you already pay for, so the studio on Hope Street fills its 6am class without another app to learn.",
        examples: ["Yoga studios", "Personal trainers", "Massage therapists", "Acupuncturists"],
      },
      {
        title: "Neighborhood shops and services",
        description:
          "For the barber in Olneyville or the tailor in Elmhurst: hours, directions, prices and a tap-to-call button, with English and Spanish pages side by side when your customers need both.",
        examples: ["Barbershops", "Salons", "Tailors", "Repair shops"],
      },
    ],
  },
  work: {
    text: "The demo sites show what a Providence restaurant, cleaner or detailer could have up in a few weeks. Click through them on your phone the way your customers would.",
  },
  cta: {
    title: "Let's build your Providence website",
    text: `Tell me about your business and I'll reply with a plan and a price. Most sites here go live in ${site.delivery.typical}.`,
    contactLabel: "Ask a Question",
  },
};
