import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const cleaning: Industry = {
  slug: "cleaning-services",
  noun: "cleaning company",
  path: pathOf("cleaning-services"),
  seo: {
    title: "Cleaning Services Web Design in Rhode Island",
    description: `Websites for Rhode Island cleaning companies from ${start}: your services, your towns and an easy quote form, live in ${weeks}.`,
    keywords: [
      "cleaning company web design rhode island",
      "cleaning services website ri",
      "house cleaning website",
      "janitorial website design",
      "maid service website rhode island",
      "cleaning business marketing ri",
    ],
    serviceName: "Cleaning company website design in Rhode Island",
    serviceType: "Cleaning services website design",
  },
  hero: {
    eyebrow: "For Rhode Island house cleaners and janitorial companies",
    title: "Websites for Rhode Island Cleaning Companies That Earn Trust",
    intro:
      "People are letting you into their homes and offices, so they look for proof you're trustworthy before they ever call. I build cleaning company websites that show your services, the towns you cover from Barrington to Narragansett, and an easy way to ask for a quote.",
    startLabel: "Start Your Cleaning Website",
    showPhone: false,
  },
  demoIntro:
    "A working demo for a made-up cleaning company. See how the services, the service area and the quote request fit together before a customer ever picks up the phone.",
  why: {
    title: "Why your cleaning business needs a website",
    intro: "Word of mouth gets you the first clients. A website is how their neighbors check you out.",
    cards: [
      {
        title: "Trust is decided online",
        text: "Insured, bonded, background-checked, locally owned: a website is where you say it clearly, with photos of your real team instead of stock smiles.",
      },
      {
        title: "Quote requests at 10pm",
        text: "Busy parents and property managers look for cleaners after work. A quote form catches them while your phone is off and you're off the clock.",
      },
      {
        title: "Stand out from the franchises",
        text: "Show that you're local and know the difference between a Newport summer rental turnover and a Cranston move-out, and that the owner answers the phone.",
      },
    ],
  },
  serviceTypes: {
    title: "Cleaning businesses I build for",
    intro: "Solo cleaners, family crews and commercial outfits working homes, offices and rentals across the state.",
    items: [
      "Residential house cleaning",
      "Deep cleaning",
      "Move-in and move-out cleaning",
      "Office and commercial cleaning",
      "Vacation rental turnovers",
      "Post-construction cleanup",
      "Carpet and upholstery cleaning",
      "Window washing",
      "Eco-friendly cleaning",
      "Medical and dental office cleaning",
    ],
  },
  features: {
    title: "What your cleaning website does",
    intro: "Clear answers for careful customers, and an easy next step when they're ready.",
    items: [
      {
        title: "Services with what's included",
        text: "A checklist for each service, from a standard clean to a move-out, so customers know exactly what they're booking.",
      },
      {
        title: "A quote form that asks the right things",
        text: "Home or office size, how often, pets and the town, so you can send a price without a site visit for every job.",
      },
      {
        title: "Your service area, by town",
        text: "The towns you cover listed plainly, which also helps you show up when someone searches for a cleaner in their town.",
      },
      {
        title: "Trust details front and center",
        text: "Insurance, bonding, background checks and your supplies policy, in the spot where worried first-time customers look.",
      },
      {
        title: "Before-and-after photos",
        text: "Kitchens, bathrooms and post-construction jobs side by side, the proof people want before letting you in.",
      },
      {
        title: "Recurring plans explained",
        text: "Weekly, every other week or monthly, laid out simply, so one-time customers become regulars.",
      },
    ],
  },
  pricingExtras: ["A quote request form with size, frequency and town", "A service area page for the towns you cover"],
  cta: {
    title: "Ready for a website as tidy as your work?",
    text: `Tell me about your cleaning business and the clients you want more of. I'll reply within ${site.replyPromise.fast} with honest advice and a clear price.`,
  },
};
