/** /how-it-works: the process page (docs/product/site-pages.md "How it works"). */
import { site } from "../../config/site";
import type { StaticPage } from "../pages";
import type { Point, ProcessStep, Question } from "./types";

export const howItWorksPage: StaticPage = {
  path: "/how-it-works",
  title: "How It Works: From First Chat to Launch",
  description: `How your website comes together: a discovery chat, design, review and launch in ${site.delivery.typical}, plus a checklist to prepare for your first call.`,
  keywords: [
    "web design process",
    "how website design works",
    "discovery call checklist",
    "website timeline",
    "small business website rhode island",
    "website launch",
  ],
  changefreq: "monthly",
  priority: 0.8,
};

export const howItWorksHero = {
  eyebrow: "How It Works",
  title: `From first chat to launch in ${site.delivery.typical}`,
  intro:
    "No jargon, no 40-page proposal, no months of meetings. Four plain steps, one person to talk to, and a site you can show off by the end of them.",
};

/** docs/product/site-pages.md "How it works": the four steps, named exactly. */
export const howItWorksSteps: readonly ProcessStep[] = [
  {
    name: "Discovery Chat",
    when: "Day one",
    text: "We talk about your business, your customers and what you want the site to do: by phone, video or over coffee somewhere in Providence.",
    details: ["You bring what you have (see the checklist below)", "You get a clear written quote afterwards"],
  },
  {
    name: "Imagination Phase",
    when: "Week one",
    text: "I plan the pages, pick colors and type that suit you, and design the home page first so you can see the direction early.",
    details: ["You send text and photos as they're ready", "You see a first look in the client portal"],
  },
  {
    name: "Review & Tweak",
    when: "Week two",
    text: "You click through the real site on your own phone and computer. Tell me what feels off and I adjust it, round after round, until it feels right.",
    details: ["You reply with changes in plain words", "I turn them around quickly, usually the same week"],
  },
  {
    name: "Launch",
    when: "Launch day",
    text: "I connect your domain, test every form and button, submit the sitemap to Google and make sure everything works on launch day.",
    details: ["You share the link with your customers", "I stay on for updates and questions"],
  },
];

export const expectations: readonly Point[] = [
  {
    title: "Timeline",
    text: `Most sites go live in ${site.delivery.typical}. A simple one-page site can take ${site.delivery.simple}; a larger custom build takes ${site.delivery.custom}.`,
  },
  {
    title: "Replies",
    text: `I answer messages within ${site.replyPromise.standard}, ${site.hours.label}. During the build, usually faster.`,
  },
  {
    title: "A price up front",
    text: "You see a written quote before any work begins, and it only changes if you ask for more.",
  },
  {
    title: "Always in the loop",
    text: "Your project ID opens the client portal, where you can check the status, the milestones and my latest update at any time.",
  },
];

export const support: readonly Point[] = [
  {
    title: "Support after launch",
    text: "Hosting, backups and updates keep running in the background. When you need something changed, you message me directly, not a help desk.",
  },
  {
    title: "Changes, small and large",
    text: "Small tweaks like new hours, prices, photos or a holiday notice are included. Bigger changes, like a new section or page, get a quote first so there's never a surprise bill.",
  },
];

/** The discovery-call preparation checklist: exactly ten items (docs/product/site-pages.md "How it works"). */
export const discoveryChecklist = [
  { id: "name-domain", label: "Your business name as customers know it, and your domain if you already own one" },
  { id: "one-sentence", label: "One sentence on what you do and who you do it for" },
  { id: "service-area", label: "The towns or neighborhoods you serve" },
  { id: "services", label: "Your list of services or products, with prices if you show them" },
  { id: "hours", label: "Your hours, including seasonal changes like summer hours or a winter break" },
  { id: "logo", label: "Your logo in the best-quality file you have (no logo is fine too)" },
  { id: "photos", label: "Five to ten photos of your work, your team or your place (phone photos are fine)" },
  { id: "examples", label: "Two or three websites you like, and what you like about them" },
  { id: "first-action", label: "The one thing a visitor should do first: call, send a form, visit or book" },
  { id: "deadline", label: "Your ideal launch date and any deadline, like an opening or the start of the season" },
] as const;

export type ChecklistItemId = (typeof discoveryChecklist)[number]["id"];

export const proTips: readonly Point[] = [
  {
    title: "Take photos on a bright, cloudy day",
    text: "Soft daylight flatters food, storefronts and finished work alike. A modern phone is plenty; wipe the lens first.",
  },
  {
    title: "Write like you talk",
    text: "Jot down how you'd explain your business to a new customer at the counter. I'll tidy it up; your voice is what makes it sound like you.",
  },
  {
    title: "Check your Google Business Profile",
    text: "Make sure your hours, phone and address there match what goes on the site. Mismatches confuse customers and search engines.",
  },
  {
    title: "Plan around the season",
    text: "In Rhode Island, summer businesses want to be live well before Memorial Day weekend. Starting in early spring takes the pressure off.",
  },
];

/** Beside the checklist: booking the call it prepares for. */
export const bookTheCall = {
  title: "Ready when you are",
  text: "Book a free discovery call at a time that suits you. The checklist is optional: we can go through it together on the call.",
  link: "Book a discovery call",
} as const;

export const generalQuestions: readonly Question[] = [
  {
    question: "Do we have to meet in person?",
    answer:
      "Not at all. Most discovery chats happen by phone or video. If you're nearby and would rather meet at your shop or over coffee, I'm happy to.",
  },
  {
    question: "What if my text and photos aren't ready?",
    answer:
      "Start anyway. The checklist above shows what helps most, and I can begin the design while you gather the rest. I'll tell you exactly what is still missing.",
  },
  {
    question: "How many rounds of changes do I get?",
    answer:
      "Review & Tweak continues until the site feels right within the scope we agreed; two or three rounds is typical. Adding new pages or features along the way gets a quick quote first.",
  },
  {
    question: "What happens after launch?",
    answer:
      "Your site stays hosted, backed up and updated. When something changes in your business, send me a message and I'll update the site. Small changes are included.",
  },
  {
    question: "How quickly will you get back to me?",
    answer: `Within ${site.replyPromise.standard}, ${site.hours.label}, and usually sooner while your site is being built.`,
  },
  {
    question: "Do I need to be technical?",
    answer:
      "No. If you can send a text message or an e-mail, you can work with me. I handle the domain, hosting and setup, and explain anything you want to understand in plain English.",
  },
];
