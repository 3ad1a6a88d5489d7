import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const restaurant: Industry = {
  slug: "restaurant",
  noun: "restaurant",
  path: pathOf("restaurant"),
  seo: {
    title: "Restaurant Web Design in Rhode Island",
    description: `Restaurant websites in Rhode Island from ${start}: menus you can update, hours, directions and ordering links, live in ${weeks}.`,
    keywords: [
      "restaurant web design rhode island",
      "restaurant website providence",
      "ri restaurant website",
      "menu website design",
      "cafe website rhode island",
      "pizzeria website",
      "bakery website ri",
    ],
    serviceName: "Restaurant website design in Rhode Island",
    serviceType: "Restaurant website design",
  },
  hero: {
    eyebrow: "For Rhode Island restaurants, cafés and bakeries",
    title: "Restaurant Websites That Fill Tables in Rhode Island",
    intro:
      "When someone on Federal Hill or Thames Street searches for dinner, they decide in seconds: is the menu there, are you open tonight, where do I park? I build restaurant websites that answer all three on a phone, with a menu you can change as fast as your specials board.",
    startLabel: "Start Your Restaurant Website",
    showPhone: true,
  },
  demoIntro:
    "A working demo for a made-up Atwells Avenue trattoria. Scroll the menu, check the hours and find the directions the way a hungry customer would.",
  why: {
    title: "Why your restaurant needs its own website",
    intro:
      "A Facebook page and a Yelp listing aren't enough when diners are choosing between you and the place next door.",
    cards: [
      {
        title: "Diners read the menu before they come",
        text: "Most people look up the menu, the prices and the allergy notes before they pick a place. A blurry photo of a paper menu loses them to the spot down the street with a clear one.",
      },
      {
        title: "Your real hours, in one place",
        text: "Closed Mondays in winter, open late on WaterFire nights, patio hours all July. One site you control keeps Google, your regulars and the summer visitors on the same page.",
      },
      {
        title: "Keep more of every order",
        text: "Delivery apps take a big cut. A website that sends people to your own pickup line or ordering link brings those orders, and those customers, back to you.",
      },
    ],
  },
  serviceTypes: {
    title: "Restaurants I build for",
    intro:
      "From red-sauce rooms on Federal Hill to clam shacks in Galilee, if you feed people, I can help them find you.",
    items: [
      "Pizzerias",
      "Cafés and coffee shops",
      "Fine dining",
      "Bakeries and pastry shops",
      "Breakfast and brunch spots",
      "Bars and pubs",
      "Seafood and clam shacks",
      "Italian restaurants",
      "Diners",
      "Wine bars",
      "Ice cream and dessert shops",
      "Delis and sandwich shops",
    ],
  },
  features: {
    title: "What your restaurant website does",
    intro: "Everything a diner looks for, built to load fast on a phone outside your door.",
    items: [
      {
        title: "A menu you can update",
        text: "Your menu as real text, not a PDF: readable on a phone and searchable on Google. Send me new specials or prices and they go up quickly.",
      },
      {
        title: "Hours, holidays and seasons",
        text: "Clear hours on every page, with room for holiday closures, summer patio hours and the week you close for vacation.",
      },
      {
        title: "Tap to call, tap for directions",
        text: "Big buttons to call for a table or open directions, plus parking notes for the streets where parking is a sport.",
      },
      {
        title: "Ordering and reservation links",
        text: "Buttons to the ordering or reservation service you already use, so there's nothing new for your staff to learn.",
      },
      {
        title: "Photos that make people hungry",
        text: "A gallery of your dishes and your dining room, sized so it loads fast even on a weak signal at the beach.",
      },
      {
        title: "Found in local searches",
        text: "Page titles, descriptions and restaurant details search engines understand, so you show up for 'Italian food Providence', not just your own name.",
      },
    ],
  },
  pricingExtras: ["A menu page with sections, prices and dietary notes", "Hours, location and parking details"],
  cta: {
    title: "Ready to put your menu where hungry people can find it?",
    text: `Tell me about your restaurant and what your customers keep asking. I'll reply within ${site.replyPromise.fast} with honest advice and a clear price.`,
  },
};
