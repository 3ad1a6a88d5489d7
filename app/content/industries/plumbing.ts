import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const plumbing: Industry = {
  slug: "plumbing",
  noun: "plumbing",
  path: pathOf("plumbing"),
  seo: {
    title: "Plumbing Web Design in Rhode Island",
    description: `Plumbing websites in Rhode Island from ${start}: tap-to-call on every page, service pages and your license up front, live in ${weeks}.`,
    keywords: [
      "plumbing web design rhode island",
      "plumber website ri",
      "plumbing company website",
      "emergency plumber website",
      "hvac and plumbing marketing ri",
      "cranston plumber",
    ],
    serviceName: "Plumbing website design in Rhode Island",
    serviceType: "Plumbing website design",
  },
  hero: {
    eyebrow: "For Rhode Island plumbers and heating contractors",
    title: "Plumbing Websites That Bring In the Calls in Rhode Island",
    intro:
      "When a pipe bursts in a Cranston basement in January, nobody reads a brochure. They search 'plumber near me', tap the first number that looks trustworthy and call. I build plumbing websites that load fast, put your number and service area up front, and show you're licensed in Rhode Island.",
    startLabel: "Start Your Plumbing Website",
    showPhone: false,
  },
  demoIntro:
    "A working demo for a made-up plumbing company. Notice how the phone number, the services and the towns served are there the moment the page opens.",
  why: {
    title: "Why your plumbing business needs a website",
    intro: "Plumbing customers choose fast. The plumber with a clear, trustworthy website gets the call.",
    cards: [
      {
        title: "Emergencies happen on phones",
        text: "A flooded basement means someone is searching with wet hands and a weak signal. A fast site with a big tap-to-call button wins that call.",
      },
      {
        title: "Licensed and local wins",
        text: "Your Rhode Island license, insurance and years in business, plus the towns you cover, tell homeowners you're the real thing, not a national call center.",
      },
      {
        title: "Not every job is an emergency",
        text: "Water heater swaps, bathroom remodels and boiler replacements get planned. A quote form catches those bigger jobs while you're under a sink.",
      },
    ],
  },
  serviceTypes: {
    title: "Plumbing businesses I build for",
    intro: "Owner-operators, family shops and the plumbing and heating crews keeping old Rhode Island houses running.",
    items: [
      "Emergency plumbing",
      "Drain cleaning",
      "Water heater repair and installation",
      "Sewer line repair",
      "Bathroom and kitchen remodels",
      "Frozen and burst pipes",
      "Sump pumps",
      "Gas line work",
      "Heating and boiler service",
      "Commercial plumbing",
    ],
  },
  features: {
    title: "What your plumbing website does",
    intro: "Built so the right customer can reach you in one tap, and trust you before you arrive.",
    items: [
      {
        title: "Tap to call on every page",
        text: "Your number in the header of every page, so a customer never has to scroll to find it.",
      },
      {
        title: "A page for each service",
        text: "Drains, water heaters, sewer lines, remodels: each explained plainly, which also helps you show up in searches.",
      },
      {
        title: "The towns you serve",
        text: "Your service area by town, so a customer in Woonsocket or Westerly knows right away you'll come to them.",
      },
      {
        title: "License and insurance up front",
        text: "Your license number, insurance and years in business where worried homeowners look first.",
      },
      {
        title: "Quote requests for planned jobs",
        text: "A form for the remodel or replacement jobs that can wait a day, with room to describe the job and the best time to stop by.",
      },
      {
        title: "Fast on a weak signal",
        text: "Light pages that open quickly from a basement with one bar, because that's where your customers are.",
      },
    ],
  },
  pricingExtras: ["Tap-to-call in the header of every page", "Service pages for the jobs you want more of"],
  cta: {
    title: "Ready for a website that makes your phone ring?",
    text: `Tell me about your plumbing business and the jobs you want more of. I'll reply within ${site.replyPromise.fast} with honest advice and a clear price.`,
  },
};
