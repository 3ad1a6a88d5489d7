import { site } from "../../config/site";
import { start, weeks, pathOf, type Industry } from "./shared";

export const foodTruck: Industry = {
  slug: "food-truck",
  noun: "food truck",
  path: pathOf("food-truck"),
  seo: {
    title: "Food Truck Web Design in Rhode Island",
    description: `Food truck websites in Rhode Island from ${start}: a weekly schedule, your menu and a catering request form, live in ${weeks}.`,
    keywords: [
      "food truck web design rhode island",
      "food truck website ri",
      "food truck schedule website",
      "catering website rhode island",
      "mobile food business website",
      "providence food truck",
    ],
    serviceName: "Food truck website design in Rhode Island",
    serviceType: "Food truck website design",
  },
  hero: {
    eyebrow: "For Rhode Island food trucks and catering trailers",
    title: "Food Truck Websites That Tell Rhode Island Where to Find You",
    intro:
      "Your kitchen moves, so your customers need one place to check. Whether you're parked outside a Pawtucket brewery, lined up on a summer night in Providence or serving a wedding in Little Compton, a simple site with this week's stops turns 'where are they today?' into a line at your window.",
    startLabel: "Start Your Food Truck Website",
    showPhone: false,
  },
  demoIntro:
    "A working demo for a made-up taco truck. Look at how the schedule, the menu and the catering form sit one tap apart on a phone.",
  why: {
    title: "Why your food truck needs its own website",
    intro: "Social posts scroll away in an hour. A website is the place people bookmark and search engines remember.",
    cards: [
      {
        title: "Followers want one place to check",
        text: "A schedule page people can bookmark shows where you'll be all week, and it's what comes up when someone searches your truck's name.",
      },
      {
        title: "Catering fills the quiet months",
        text: "Weddings, office lunches and graduation parties book months ahead. A catering page with a request form turns a slow Rhode Island winter into booked spring weekends.",
      },
      {
        title: "Event organizers check you out first",
        text: "Festival, brewery and farmers market organizers look for your menu, photos and what you need on site before they call. A real website makes you an easy yes.",
      },
    ],
  },
  serviceTypes: {
    title: "Food trucks I build for",
    intro: "Trucks, trailers and carts that work the beaches, breweries and backyards of the Ocean State.",
    items: [
      "Taco and burrito trucks",
      "Wood-fired pizza trucks",
      "Coffee and espresso carts",
      "Lobster roll and seafood trucks",
      "Clam cake and chowder stands",
      "BBQ and smokehouse trailers",
      "Burger and grilled cheese trucks",
      "Ice cream and dessert trucks",
      "Vegan and plant-based trucks",
      "Catering trailers",
    ],
  },
  features: {
    title: "What your food truck website does",
    intro: "Built for people standing in a parking lot with one bar of signal and an empty stomach.",
    items: [
      {
        title: "This week's schedule",
        text: "Dates, times and addresses for every stop, with a map link for each. Text me the week's stops and they're up.",
      },
      {
        title: "A menu readable in line",
        text: "Short, clear and easy to read on a phone, with prices and what's spicy, vegetarian or gluten free.",
      },
      {
        title: "Catering and private events",
        text: "A request form that asks the right questions: date, town, headcount and budget, so you can quote without ten back-and-forth texts.",
      },
      {
        title: "A page for organizers",
        text: "Your truck's size, power and setup needs in one spot for breweries, festivals and wedding planners.",
      },
      {
        title: "Photos of the food, and the truck",
        text: "A gallery of your best plates and your truck, so people recognize you from across the lot.",
      },
      {
        title: "Linked to your socials",
        text: "Your Instagram and Facebook linked from every page, so the site and your daily posts work together.",
      },
    ],
  },
  pricingExtras: ["A schedule page for this week's stops", "A catering and private event request form"],
  cta: {
    title: "Ready to make your truck easy to find?",
    text: `Tell me where you park and what you serve. I'll reply within ${site.replyPromise.fast} with a plan and a clear price.`,
  },
};
