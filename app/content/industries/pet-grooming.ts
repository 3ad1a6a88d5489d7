import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const petGrooming: Industry = {
  slug: "pet-grooming",
  noun: "pet grooming",
  path: pathOf("pet-grooming"),
  seo: {
    title: "Pet Grooming Web Design in Rhode Island",
    description: `Pet grooming websites in Rhode Island from ${start}: services and prices by size, first-visit info and appointment requests, live in ${weeks}.`,
    keywords: [
      "pet grooming web design rhode island",
      "dog grooming website ri",
      "groomer website design",
      "mobile grooming website",
      "pet salon website rhode island",
      "dog groomer marketing",
    ],
    serviceName: "Pet grooming website design in Rhode Island",
    serviceType: "Pet grooming website design",
  },
  hero: {
    eyebrow: "For Rhode Island groomers, mobile vans and pet salons",
    title: "Pet Grooming Websites That Keep Your Appointment Book Full",
    intro:
      "Pet owners are picky about who handles their dog, and they should be. I build grooming websites that show your salon, your services and your prices, so a new client in East Greenwich or Pawtucket feels like they know you before the first bath.",
    startLabel: "Start Your Grooming Website",
    showPhone: true,
  },
  demoIntro:
    "A working demo for a made-up grooming salon. See how services, prices and first-visit details answer a nervous pet parent's questions before they call.",
  why: {
    title: "Why your grooming business needs a website",
    intro: "Your regulars already love you. A website is how their friends, and every new puppy owner, find you.",
    cards: [
      {
        title: "Pet parents research before they trust",
        text: "They want to see your salon, meet your groomers and read how you handle anxious dogs and senior cats. A website shows all of it calmly.",
      },
      {
        title: "Fewer 'how much for a doodle?' calls",
        text: "Prices by size and coat, plus what's included, answer the most common question before it interrupts a groom.",
      },
      {
        title: "New clients find you, regulars rebook",
        text: "An appointment request form and your vaccination rules in one place make the first visit easy and the fifth one automatic.",
      },
    ],
  },
  serviceTypes: {
    title: "Grooming businesses I build for",
    intro: "Salons, vans and self-serve washes, for every doodle, terrier and long-haired cat in the state.",
    items: [
      "Full-service grooming salons",
      "Mobile grooming vans",
      "Self-serve dog washes",
      "Cat grooming",
      "Breed-specific cuts",
      "Puppy first-groom packages",
      "Nail trims and walk-ins",
      "De-shedding treatments",
      "Daycare with grooming",
      "Boarding with baths",
    ],
  },
  features: {
    title: "What your grooming website does",
    intro: "Friendly, clear and quick to use, for owners booking between walks.",
    items: [
      {
        title: "Services and prices by size",
        text: "Baths, full grooms and add-ons laid out by small, medium, large and extra fluffy, with what each includes.",
      },
      {
        title: "Appointment requests",
        text: "A form for the pet's name, breed, service and preferred day, or a button to the booking app you already use.",
      },
      {
        title: "Meet the groomers",
        text: "Short bios and photos of your team, so a nervous owner knows who will be holding the clippers.",
      },
      {
        title: "First-visit and vaccination info",
        text: "What to bring, which vaccinations you require and how you handle nervous pets, answered before they ask.",
      },
      {
        title: "A happy-pup gallery",
        text: "Fresh-from-the-tub photos of your clients, the most convincing thing on the whole site.",
      },
      {
        title: "Hours and holiday schedule",
        text: "Your hours, holiday closures and the busy weeks before Thanksgiving and Christmas, always up to date.",
      },
    ],
  },
  pricingExtras: ["A services and price guide by size", "An appointment request form"],
  cta: {
    title: "Ready to fill your grooming schedule?",
    text: `Tell me about your salon or van and the pets you care for. I'll reply within ${site.replyPromise.fast} with honest advice and a clear price.`,
  },
};
