import { formatPrice, site } from "../../config/site";
import type { CityCopy } from "./types";

const from = formatPrice(site.pricing.startingPrice);

export const newport: CityCopy = {
  pageType: "Service",
  seo: {
    title: "Newport RI Web Design for Tourism and Hospitality",
    description: `Websites for Newport wedding venues, charters, inns and galleries, built for the busy season and the quiet one. Custom design from ${from}.`,
    keywords: [
      "newport ri web design",
      "newport website designer",
      "wedding venue website newport",
      "sailing charter website",
      "bed and breakfast website rhode island",
      "tourism website design ri",
    ],
  },
  hero: {
    intro: `Newport runs on visitors, and most of them meet your business on a phone before they ever see your door. I build sites for venues, charters, inns and galleries that look the part and turn a browse into a booking request, from ${from}.`,
    meetNote: "I'm over the Newport Bridge often, and happy to meet on Bowen's Wharf or at your place.",
  },
  places: {
    title: "Newport neighborhoods I work in",
    intro:
      "From the Point's colonial streets to the mansions on Bellevue Avenue, every corner of Newport has its own customers and its own season.",
    names: [
      "Bellevue Avenue",
      "The Point",
      "Fifth Ward",
      "Broadway",
      "Thames Street and the waterfront",
      "Bowen's Wharf",
      "Ocean Drive",
      "Kay Street",
      "Historic Hill",
      "Easton's Beach",
    ],
  },
  services: {
    intro:
      "Newport's businesses sell an experience. These are the ones I build for most, each with a site made to feel like the place itself.",
    cards: [
      {
        title: "Wedding and event venues",
        description:
          "Couples plan on Pinterest and decide on your website. Full-width galleries, capacity and season details, and an inquiry form that asks for the date and guest count up front.",
        examples: ["Waterfront lawns", "Historic halls", "Event planners", "Caterers"],
      },
      {
        title: "Sailing charters and harbor tours",
        description:
          "Trip lengths, what to bring, the weather policy and a booking request form, so visitors can lock in a sunset sail from the hotel room instead of walking the docks.",
        examples: ["Sailing charters", "Harbor tours", "Fishing trips", "Sailing lessons"],
      },
      {
        title: "Inns and bed-and-breakfasts",
        description:
          "Room pages with honest photos, what's walkable from Kay Street or Historic Hill, and a clear button to the booking engine you already use, so guests book direct.",
        examples: ["Bed-and-breakfasts", "Guesthouses", "Boutique inns", "Vacation rentals"],
      },
      {
        title: "Galleries and working artists",
        description:
          "Let the work carry the page: large images, artist statements and an events page for openings and gallery nights, with prices on request if you prefer.",
        examples: ["Galleries", "Painters", "Photographers", "Jewelers"],
      },
      {
        title: "Restaurants and raw bars",
        description:
          "Summer menus, off-season specials, live music nights and a reservation link, all easy to change when Broadway goes quiet in January and busy again by June.",
        examples: ["Raw bars", "Bistros", "Pubs", "Breakfast spots"],
      },
      {
        title: "Year-round trades for historic homes",
        description:
          "Carpenters, painters and caretakers who look after old houses on the Point and summer places on Ocean Drive need a site that shows careful work and earns trust from owners who are far away.",
        examples: ["Restoration carpenters", "Painters", "Property caretakers", "Landscapers"],
      },
    ],
  },
  extraFeatures: {
    title: "Features built for Newport's season",
    intro:
      "Tourism sites have needs that a corner store's site doesn't. These are included where they fit, at no extra charge for the basics.",
    items: [
      {
        title: "Booking and inquiry request forms",
        text: "Date, party size and the details you need, sent straight to your inbox, without forcing a full booking system on you.",
      },
      {
        title: "Event calendars",
        text: "Weddings, wine dinners, gallery openings and festival weekends listed in one place you can update yourself.",
      },
      {
        title: "Seasonal hours that switch cleanly",
        text: "Summer and off-season hours, holiday closures and a short notice banner for a weather cancellation.",
      },
      {
        title: "Multilingual-friendly layouts",
        text: "Pages designed with room for translated versions, so international visitors arriving for the summer can read them too.",
      },
      {
        title: "Maps, parking and getting here",
        text: "Directions that account for the bridge, downtown parking and the trolley, written for someone who has never been to Newport.",
      },
      {
        title: "Galleries that stay fast",
        text: "Big, beautiful photos that still load quickly on a phone with two bars of signal out on Ocean Drive.",
      },
    ],
  },
  why: {
    intro: "Newport owners have high standards for how things look. Here's why they work with me.",
    points: [
      {
        title: "Design that matches the place",
        text: "No stock-template look. Your site gets the same care as your dining room or your boat, with photos and type that feel like Newport.",
      },
      {
        title: "Ready before the season",
        text: `Most sites launch in ${site.delivery.typical}. Start in March and you're taking inquiries long before the first cruise ship anchors in the harbor.`,
      },
      {
        title: "Easy to keep current",
        text: "Hosting and support are included, so changing your winter hours or adding a new charter is a quick message, not a new invoice.",
      },
    ],
  },
  work: {
    text: "Open the demo sites and picture your venue, charter or inn in their place. Each one is built to be used on a phone, the way Newport visitors will find you.",
  },
  cta: {
    title: "Let's get your Newport business booked up",
    text: "Tell me what you run and when your season starts. I'll come back with a plan, a price and a launch date that beats it.",
    contactLabel: "Ask About Your Project",
  },
};
