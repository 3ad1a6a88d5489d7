import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const landscaping: Industry = {
  slug: "landscaping",
  noun: "landscaping",
  path: pathOf("landscaping"),
  seo: {
    title: "Landscaping Web Design in Rhode Island",
    description: `Landscaping websites in Rhode Island from ${start}: project galleries, seasonal services and quote requests, live in ${weeks}.`,
    keywords: [
      "landscaping web design rhode island",
      "landscaper website ri",
      "lawn care website",
      "hardscaping website design",
      "snow plowing website",
      "landscaping business marketing ri",
    ],
    serviceName: "Landscaping website design in Rhode Island",
    serviceType: "Landscaping website design",
  },
  hero: {
    eyebrow: "For Rhode Island landscapers, lawn care and hardscape crews",
    title: "Landscaping Websites That Keep Your Crews Busy Across Rhode Island",
    intro:
      "Spring cleanups book in March, patios get planned over the winter and plowing contracts sign in October. A good website works all four seasons: it shows off your best patios and plantings, explains what you do, and brings in quote requests from Warwick to Westerly.",
    startLabel: "Start Your Landscaping Website",
    showPhone: false,
  },
  demoIntro:
    "A working demo for a made-up landscaping company. Look through the services and project photos, then see how easy it is to ask for an estimate.",
  why: {
    title: "Why your landscaping business needs a website",
    intro: "Lettering on the truck gets you noticed. A website gets you hired.",
    cards: [
      {
        title: "Homeowners shop with their eyes",
        text: "A patio in Barrington or a seaside garden in Jamestown sells the next one. A project gallery does the selling while you're out on a job.",
      },
      {
        title: "Every season is a new sale",
        text: "Spring cleanups, summer maintenance, fall leaves and winter plowing each get their own spot, so customers come back all year, not just in May.",
      },
      {
        title: "Look as established as you are",
        text: "Property managers and commercial clients check you out online before they sign. Licensed, insured and years in business belong on a real website.",
      },
    ],
  },
  serviceTypes: {
    title: "Landscaping businesses I build for",
    intro: "From one-truck lawn services to design-build firms and the crews that keep the plows running all winter.",
    items: [
      "Lawn care and mowing",
      "Landscape design and installation",
      "Patios, walkways and stone walls",
      "Spring and fall cleanups",
      "Tree and shrub care",
      "Irrigation systems",
      "Snow plowing and removal",
      "Mulching and planting",
      "Coastal and seaside gardens",
      "Commercial grounds maintenance",
    ],
  },
  features: {
    title: "What your landscaping website does",
    intro: "Built to show your work and bring in estimates, season after season.",
    items: [
      {
        title: "Project gallery",
        text: "Your best patios, walls, plantings and lawns, grouped by type, with a line about where and what you did.",
      },
      {
        title: "Seasonal services",
        text: "A page for each season's work, easy to update when it's time to start booking cleanups or plowing contracts.",
      },
      {
        title: "Estimate requests",
        text: "A form for the property's town, what the customer wants and when, so you can plan the visit before you call back.",
      },
      {
        title: "Your service area",
        text: "The towns you cover, listed plainly, which also helps you show up when someone searches close to home.",
      },
      {
        title: "Maintenance plans explained",
        text: "Weekly mowing or full-season care laid out simply, so one-time jobs turn into steady accounts.",
      },
      {
        title: "Licensed and insured, up front",
        text: "Your registration, insurance and years in business where commercial clients and careful homeowners look for them.",
      },
    ],
  },
  pricingExtras: ["A project gallery grouped by type of work", "An estimate request form"],
  cta: {
    title: "Ready to book next season before it starts?",
    text: `Tell me about your crew and the work you want more of. I'll reply within ${site.replyPromise.fast} with honest advice and a clear price.`,
  },
};
