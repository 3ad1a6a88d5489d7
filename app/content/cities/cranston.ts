import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const cranston: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Cranston Web Design for Family Businesses and Trades",
    description: `Websites for Cranston family businesses, trades and practices, from Knightsville to Western Cranston. Custom design from ${from}, support included.`,
    keywords: [
      "cranston web design",
      "cranston ri website",
      "family business website",
      "contractor website cranston",
      "knightsville restaurant website",
      "small business web designer rhode island",
    ],
  },
  hero: {
    intro: `Cranston is full of businesses that have been in the family for two or three generations, and trades that keep half the state running. I build them websites that are as straightforward as they are, from ${from}, with hosting and support included.`,
    meetNote: "Cranston is right next door to me: I can be at your shop or job site the same week.",
  },
  places: {
    title: "Cranston neighborhoods I work in",
    intro: "From the Pawtuxet River to the farms out west, Cranston covers a lot of ground. I work all of it.",
    names: [
      "Edgewood",
      "Pawtuxet Village",
      "Knightsville",
      "Garden City",
      "Oaklawn",
      "Western Cranston",
      "Eden Park",
      "Auburn",
      "Meshanticut",
      "Arlington",
    ],
  },
  services: {
    intro: "These are the Cranston businesses I hear from most, each with a site shaped around its customers.",
    cards: [
      {
        title: "Knightsville restaurants and pizzerias",
        description:
          "Family recipes deserve better than a blurry menu photo. A readable menu, catering trays, feast-week hours and a tap-to-call button for the Friday night rush.",
        examples: ["Pizzerias", "Italian restaurants", "Delis", "Caterers"],
      },
      {
        title: "Trades and contractors",
        description:
          "Plumbers, electricians, roofers and pavers: the towns you cover, your license numbers, photos of finished jobs and a quote request that lands on your phone.",
        examples: ["Plumbers", "Electricians", "Roofers", "Paving crews"],
      },
      {
        title: "Garden City salons and boutiques",
        description:
          "Service menus with prices, stylist pages and a link to your booking app, styled to look as polished as the shop itself.",
        examples: ["Hair salons", "Nail studios", "Boutiques", "Barbers"],
      },
      {
        title: "Western Cranston farms and garden centers",
        description:
          "What's ripe this week, pick-your-own days, farm stand hours and directions down the back roads, easy for you to update from the field.",
        examples: ["Farm stands", "Orchards", "Garden centers", "Christmas tree farms"],
      },
      {
        title: "Medical and dental offices",
        description:
          "Calm, accessible sites for practices on Reservoir and Oaklawn Avenues: services, insurance notes, new-patient forms to download and directions to the front door.",
        examples: ["Dentists", "Physical therapists", "Chiropractors", "Optometrists"],
      },
      {
        title: "Dance, martial arts and youth sports",
        description:
          "Class schedules, age groups, recital and tournament dates and a sign-up link, so parents stop texting you the same four questions every September.",
        examples: ["Dance studios", "Martial arts schools", "Youth leagues", "Swim lessons"],
      },
    ],
  },
  extraFeatures: {
    title: "Features for family businesses and trades",
    intro: "A few things I add for Cranston's family shops and trades, because they bring in work.",
    items: [
      {
        title: "Service-area pages",
        text: "The neighborhoods and nearby towns you cover, so 'plumber in Garden City' or 'roofer in Johnston' can find you.",
      },
      {
        title: "Quote request forms",
        text: "The job type, the address and a good time to call, sent straight to your phone so you can answer from the truck.",
      },
      {
        title: "Tap-to-call on every page",
        text: "A phone button that follows customers down the page, because most of your work still starts with a call.",
      },
      {
        title: "Your family's story",
        text: "An about page for the business your grandfather started, with the old photos that make people trust you.",
      },
      {
        title: "Reviews front and center",
        text: "Your real Google reviews linked from the home page, where a nervous first-time customer will see them.",
      },
      {
        title: "Emergency and holiday notices",
        text: "A simple banner for after-hours service, storm days or the week you close for vacation.",
      },
    ],
  },
  why: {
    intro: "Cranston owners don't want a sales pitch. They want it done right. Here's what they get.",
    points: [
      {
        title: "Straight talk and a fixed price",
        text: `Sites start at ${from}. I tell you what it costs before I start, and that number doesn't grow halfway through.`,
      },
      {
        title: "One person, start to finish",
        text: `You deal with ${site.owner.firstName} the whole way, the same as your customers deal with you. No hand-offs to someone who doesn't know your business.`,
      },
      {
        title: "Here when you need a change",
        text: "New prices, new hours, a new service: hosting and support are included, so updates are a quick call or e-mail.",
      },
    ],
  },
  work: {
    text: "The demo sites include a plumber, a landscaper and a restaurant, the same kinds of businesses that line Park Avenue and Atwood Avenue. Take a look on your phone.",
  },
  cta: {
    title: "Let's put your Cranston business online properly",
    text: `Tell me what you do and who you do it for. I'll reply with a plan and a price, and most sites are live in ${site.delivery.typical}.`,
    contactLabel: "Ask a Question",
  },
};
