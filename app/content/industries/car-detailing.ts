import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const carDetailing: Industry = {
  slug: "car-detailing",
  noun: "car detailing",
  path: pathOf("car-detailing"),
  seo: {
    title: "Car Detailing Web Design in Rhode Island",
    description: `Car detailing websites in Rhode Island from ${start}: packages, before-and-after photos and appointment requests, live in ${weeks}.`,
    keywords: [
      "car detailing web design rhode island",
      "auto detailing website ri",
      "mobile detailing website",
      "ceramic coating website",
      "detailing business marketing",
      "warwick auto detailing",
    ],
    serviceName: "Car detailing website design in Rhode Island",
    serviceType: "Car detailing website design",
  },
  hero: {
    eyebrow: "For Rhode Island auto detailers, shops and mobile rigs",
    title: "Car Detailing Websites That Show Off the Shine in Rhode Island",
    intro:
      "Detailing sells on before-and-after. After a winter of road salt on I-95 and a summer of beach sand from Misquamicut, Rhode Island cars need you, and their owners are searching on their phones. I build detailing websites with your packages, your prices and photos that do the talking.",
    startLabel: "Start Your Detailing Website",
    showPhone: false,
  },
  demoIntro:
    "A working demo for a made-up detailing shop. Flip through the packages and the gallery and see how quickly a customer gets to asking for an appointment.",
  why: {
    title: "Why your detailing business needs a website",
    intro: "Your Instagram shows the shine. A website turns the people admiring it into booked appointments.",
    cards: [
      {
        title: "Your work is visual, so show it",
        text: "Great photos get buried in a social feed. A gallery sorted by service shows the swirl-free hood and the spotless interior exactly when someone is deciding.",
      },
      {
        title: "Packages answer the first question",
        text: "Clear packages and starting prices by vehicle size mean fewer 'how much for an SUV?' texts and more customers who already know what they want.",
      },
      {
        title: "Mobile detailers need a home base",
        text: "If you come to the customer, your website shows where you go and what you need on site, from a driveway in Coventry to an office lot in Providence.",
      },
    ],
  },
  serviceTypes: {
    title: "Detailing businesses I build for",
    intro: "Shops, one-person mobile setups and everyone who takes paint seriously, cars and boats alike.",
    items: [
      "Mobile detailing",
      "Full interior and exterior details",
      "Ceramic coating",
      "Paint correction",
      "Window tinting",
      "Headlight restoration",
      "Boat and RV detailing",
      "Fleet and dealership detailing",
      "Pre-sale detailing",
      "Odor and stain removal",
    ],
  },
  features: {
    title: "What your detailing website does",
    intro: "Made to sell the shine and make booking the next step.",
    items: [
      {
        title: "A package menu",
        text: "Your packages side by side with what each includes and starting prices by car, SUV and truck.",
      },
      {
        title: "Before-and-after gallery",
        text: "Sharp photos of your best work, sized to load fast, grouped by interior, exterior, coatings and boats.",
      },
      {
        title: "Appointment requests",
        text: "A form for the vehicle, the service and a preferred day, so you can confirm with one reply.",
      },
      {
        title: "Where you work",
        text: "Your shop's address and hours, or the towns your mobile rig covers, and what you need from the customer.",
      },
      {
        title: "Seasonal specials",
        text: "A spot for the spring salt wash, summer boat prep and the pre-winter coating push, easy to swap out.",
      },
      {
        title: "Reviews up front",
        text: "A section pointing visitors to your Google reviews, because detailing customers trust other car people.",
      },
    ],
  },
  pricingExtras: ["A package menu with vehicle-size pricing", "A before-and-after photo gallery"],
  cta: {
    title: "Ready for a website that shines like your work?",
    text: `Tell me about your shop or mobile setup. I'll reply within ${site.replyPromise.fast} with a plan and a clear price.`,
  },
};
