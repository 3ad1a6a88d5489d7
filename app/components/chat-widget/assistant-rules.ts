/**
 * The assistant's rule-based answers (docs/product/chat.md "Sending and answering" and "Topics"):
 * each topic has keywords, the topic with the most keyword hits answers, and zero hits gives the
 * fallback with the phone number. Pure: no React, no browser APIs.
 */
import { formatPrice, servedCities, site, startingPriceLabel } from "~/config/site";

/** A link under a message, rendered as a router link (site paths) or a plain one (mailto:, tel:). */
export interface ChatLink {
  label: string;
  href: string;
}

export interface AssistantAnswer {
  content: string;
  /** Sent as a second bot message shortly after the answer. */
  followUp?: string;
  link?: ChatLink;
  /** A link under the follow-up message. */
  followUpLink?: ChatLink;
}

export const TOPIC_IDS = [
  "ecommerce",
  "mobile",
  "hosting",
  "updates",
  "seo",
  "pricing",
  "timeline",
  "location",
  "services",
  "getting_started",
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];

export interface AssistantTopic extends AssistantAnswer {
  id: TopicId;
  /** Lower-case words or phrases; a keyword matches at the start of a word, so "price" also matches "prices". */
  keywords: readonly string[];
}

/** docs/product/chat.md "Widget states": five preset quick questions. */
export const QUICK_QUESTIONS = [
  "How much does a website cost?",
  "How long does it take?",
  "Do you work with businesses near me?",
  "What's included?",
  "I want to start a project",
] as const;

/** Served cities count as location keywords ("Do you work in Westerly?"). */
const cityKeywords = servedCities.map((city) => city.name.toLowerCase()).filter((name) => name !== "providence");

const { pricing, delivery, address, phone, email, replyPromise, hours } = site;
const [smallMin, smallMax] = pricing.smallBusinessRange;
const [restaurantMin, restaurantMax] = pricing.restaurantRange;

/**
 * Order matters only for ties: the first topic listed wins, so the narrow
 * topics come first ("Is hosting included?" is about hosting, not services).
 */
export const TOPICS: readonly AssistantTopic[] = [
  {
    id: "ecommerce",
    keywords: [
      "ecommerce",
      "e-commerce",
      "online store",
      "shop",
      "store",
      "sell",
      "cart",
      "checkout",
      "product",
      "inventory",
      "shopify",
      "square",
    ],
    content:
      "I don't build online stores. For selling products, a hosted store platform such as Shopify or Square Online is the better choice: it handles checkout, payments, inventory and security for you. I can build your main site, match its look to your store and link to it, so customers move between them easily.",
  },
  {
    id: "mobile",
    keywords: [
      "mobile",
      "phones",
      "on my phone",
      "on a phone",
      "responsive",
      "tablet",
      "iphone",
      "android",
      "small screen",
    ],
    content:
      "Every site I build is mobile-friendly: designed for phones first, with tap-to-call buttons, and tested on phones, tablets and computers. It's included in every project, never an add-on.",
  },
  {
    id: "hosting",
    keywords: ["host", "server", "domain", "https", "ssl", "backup", "uptime", "cdn"],
    content:
      "Hosting is included. Your site is served through a fast CDN (content delivery network) provider, with the HTTPS certificate, backups and software updates handled for you. I connect your domain too; its yearly renewal with your registrar is the only outside cost.",
  },
  {
    id: "updates",
    keywords: [
      "update",
      "change",
      "edit",
      "maintain",
      "maintenance",
      "support",
      "after launch",
      "add a page",
      "tweak",
      "modify",
    ],
    content:
      "Small tweaks are easy: new hours, prices, photos or a seasonal notice are a quick message to me and included. Bigger changes, like new pages or features, get a separate quote first, so you always see the number before I do the work.",
  },
  {
    id: "seo",
    keywords: ["seo", "google", "search", "rank", "found", "find me", "keyword", "listing", "business profile"],
    content:
      "I cover the SEO fundamentals on every site: a title and description written for each page, fast-loading pages, local business data for search engines, a sitemap, and guidance on your Google Business Profile and other local listings. I don't run ongoing SEO campaigns or promise rankings.",
  },
  {
    id: "pricing",
    keywords: [
      "cost",
      "price",
      "pricing",
      "how much",
      "budget",
      "afford",
      "cheap",
      "expensive",
      "quote",
      "fee",
      "fees",
      "charge",
      "pay",
      "payment",
      "rate",
      "$",
    ],
    content: `Projects start at ${startingPriceLabel}. A one-page site for a food truck or a new side business sits near that starting price; most small-business sites land between ${formatPrice(smallMin)} and ${formatPrice(smallMax)}, and restaurant sites with menus and events run ${formatPrice(restaurantMin)} to ${formatPrice(restaurantMax)}. Hosting and small updates are part of the price, and you get a fixed, written quote before any work starts.`,
    followUp: "Tell me a little about your business and I can point you to the closest starting point.",
    link: { label: "See pricing", href: "/pricing" },
  },
  {
    id: "timeline",
    keywords: [
      "how long",
      "take",
      "timeline",
      "time frame",
      "week",
      "days",
      "fast",
      "quick",
      "turnaround",
      "deadline",
      "when",
      "soon",
      "rush",
      "launch",
    ],
    content: `Most sites go live in ${delivery.typical}. A simple site takes ${delivery.simple}; custom or more complex builds take ${delivery.custom}. The biggest factor is usually how soon your text and photos are ready.`,
    followUp:
      "Have a date in mind, like a grand opening? Mention it when you start your project and I'll plan around it.",
  },
  {
    id: "location",
    keywords: [
      "near",
      "local",
      "area",
      "where",
      "located",
      "location",
      "based",
      "providence",
      "rhode island",
      "ri",
      "remote",
      "in person",
      "meet",
      "town",
      "city",
      ...cityKeywords,
    ],
    content: `I'm based in ${address.locality} and work with businesses across all of ${address.regionName}, from Westerly to Woonsocket, in person or over a video call. Outside ${address.regionName} I work remotely, the same way.`,
  },
  {
    id: "services",
    keywords: [
      "service",
      "offer",
      "includ",
      "what do you do",
      "what can you",
      "build",
      "design",
      "redesign",
      "landing page",
      "portfolio",
      "nonprofit",
      "blog",
      "feature",
      "package",
    ],
    content: `I design and build custom websites for small businesses, nonprofits and personal projects, from a single page to a full site with menus, galleries or a page for each service. Every site includes a custom design, works on every phone, tablet and computer, and comes with SEO setup, hosting, a contact form and ongoing support.`,
    link: { label: "What's included", href: "/whats-included" },
  },
  {
    id: "getting_started",
    keywords: [
      "start",
      "begin",
      "get started",
      "getting started",
      "next step",
      "hire",
      "sign up",
      "work together",
      "process",
      "how do i",
      "ready",
    ],
    content: `Getting started is easy: fill in the short project form (about two minutes), or start a guided chat right here and answer a few questions (type "start a project" and I'll open it). Either way, I reply within ${replyPromise.fast} with next steps.`,
    followUp: "Rather talk it through first? Pick a time for a free discovery call and I'll ring you.",
    link: { label: "Start a Project", href: "/start-project" },
    followUpLink: { label: "Book a discovery call", href: "/book/discovery-call" },
  },
];

export const FALLBACK_ANSWER: AssistantAnswer = {
  content: `I'm not sure I have a good answer for that one. Call or text me at ${phone.display} (${hours.label}) or email ${email}, and you'll get a straight answer.`,
  link: { label: `Call ${phone.display}`, href: `tel:${phone.e164}` },
};

const normalize = (text: string) => ` ${text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ")} `;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Keywords match at the start of a word ("price" finds "prices"); short ones
 * ("ri", "seo", "fee") only as whole words, and symbols ("$") anywhere.
 */
function keywordPattern(keyword: string): RegExp {
  if (!/^\w/.test(keyword)) return new RegExp(escape(keyword));
  return new RegExp(`\\b${escape(keyword)}${keyword.length <= 3 ? "\\b" : ""}`);
}

const patterns = new Map(TOPICS.flatMap((topic) => topic.keywords.map((k) => [k, keywordPattern(k)] as const)));

/** How many of a topic's keywords appear in the message. */
export function keywordHits(message: string, topic: AssistantTopic): number {
  const text = normalize(message);
  return topic.keywords.filter((keyword) => patterns.get(keyword)?.test(text)).length;
}

/** The topic with the most keyword hits, or null when none matches. */
export function matchTopic(message: string): AssistantTopic | null {
  let best: AssistantTopic | null = null;
  let bestHits = 0;
  for (const topic of TOPICS) {
    const hits = keywordHits(message, topic);
    if (hits > bestHits) {
      best = topic;
      bestHits = hits;
    }
  }
  return best;
}

export function answerFor(message: string): AssistantAnswer {
  const topic = matchTopic(message);
  if (!topic) return FALLBACK_ANSWER;
  const { content, followUp, link, followUpLink } = topic;
  return { content, followUp, link, followUpLink };
}

/** docs/product/chat.md "Sending and answering": 'start' and either 'project' or 'inquiry' starts an inquiry. */
export function isProjectStart(message: string): boolean {
  const text = message.toLowerCase();
  return text.includes("start") && (text.includes("project") || text.includes("inquiry"));
}

/** The quick questions offered: without the automatic answers, only the one that starts a project inquiry. */
export function quickQuestionsFor(autoResponses: boolean): readonly string[] {
  return autoResponses ? QUICK_QUESTIONS : QUICK_QUESTIONS.filter(isProjectStart);
}
