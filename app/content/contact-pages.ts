/**
 * /start-project, /contact and /contact/thank-you (docs/product/lead-paths.md "Start a project",
 * "Contact"): their search metadata and copy. Relative imports only (the page registry loads this
 * module from the build config).
 */
import { formatPrice, site } from "../config/site";
import type { StaticPage } from "./pages";
import { copyLabels } from "./copy-labels";

const { owner, replyPromise, pricing, delivery, address } = site;
const startingPrice = formatPrice(pricing.startingPrice);

export const startProjectPage: StaticPage = {
  path: "/start-project",
  title: "Start a Project: Get a Website Quote in Rhode Island",
  description: `Tell ${owner.firstName} about the website you need. Custom sites from ${startingPrice}, a reply within ${replyPromise.fast} and no obligation to go ahead.`,
  keywords: [
    "start a website project",
    "website quote rhode island",
    "hire a web designer ri",
    "small business website cost",
    "custom website from $75",
    "providence web designer",
  ],
  changefreq: "monthly",
  priority: 0.9,
};

export const contactPage: StaticPage = {
  path: "/contact",
  title: `Contact ${owner.name}, Rhode Island Web Designer`,
  description: `Questions about a website, hosting or a small fix? Send ${owner.firstName} a message, or call or e-mail. Replies within ${replyPromise.standard}.`,
  keywords: [
    "contact web designer",
    "rhode island web designer contact",
    "websites by tyler contact",
    "providence website help",
    "small business website questions",
  ],
  changefreq: "yearly",
  priority: 0.7,
  // The page reads its query string (the no-JavaScript error return of /api/contact).
  prerender: false,
};

export const thankYouPage: StaticPage = {
  path: "/contact/thank-you",
  title: "Thanks for Your Message",
  description: `Your message reached ${owner.firstName}. Here is what happens next, and where to look around while you wait for a reply.`,
  keywords: ["message sent", "contact confirmation", "websites by tyler"],
  noindex: true,
};

/** A numbered step of 'what happens next'. */
export interface NextStep {
  title: string;
  text: string;
}

export const startProjectCopy = {
  eyebrow: `Custom websites from ${startingPrice}`,
  title: "Start a Project",
  intro: `Tell me a little about your business and the site you have in mind. Rough ideas are fine: a food truck that needs its weekly stops online, a Cranston plumber tired of "do you have a website?", a Bristol non-profit getting ready for the Fourth of July crowds. I'll write back within ${replyPromise.fast}.`,
  priceNote: `Most sites start at ${startingPrice} and go live in ${delivery.typical}, with hosting and support included. You'll get a clear price before anything starts.`,
  formTitle: "Tell me about your project",
  formIntro: "It takes about two minutes. Only your name, e-mail and a few words about the project are required.",
  descriptionHint:
    "What does your business or cause do, and what should the site help with? Links to sites you like are welcome.",
  submitLabel: "Send Project Details",
  privacyNote: "No obligation. Your details are only used to reply to you.",
  noScript: `This form needs JavaScript. You can e-mail ${site.email} or call ${site.phone.display} instead, and I'll take it from there.`,
  afterTitle: "What happens after you send",
  afterSteps: [
    {
      title: "I read it myself",
      text: `No sales team and no autoresponder pitch. ${owner.firstName} reads every request, usually the same day.`,
    },
    {
      title: `A reply within ${replyPromise.fast}`,
      text: "You'll get an e-mail with a first take on your project, a price range and any questions I have.",
    },
    {
      title: "A short call, if you like",
      text: "Fifteen minutes by phone or video to agree on pages, look and timing. No obligation to go ahead.",
    },
  ] satisfies NextStep[],
  directTitle: "Rather talk it through?",
  directText: `E-mail or call during ${site.hours.label}. Leave a message after hours and I'll call you back.`,
} as const;

export const submittedCopy = {
  title: "Thanks for reaching out!",
  text: `Your project details are with ${owner.firstName}. You'll hear back within ${replyPromise.fast}, usually sooner, at the e-mail address you gave.`,
  idLabel: "Your Project ID",
  idNote:
    "Save this Project ID. You can use it, or your e-mail address, to look up your project's status, milestones and updates in the client portal.",
  ...copyLabels,
  noIdText: "Your project was received. Use your e-mail address to look it up in the client portal.",
  /** While the site sends no e-mail: the portal's sign-in by e-mail is unavailable. */
  idOnlyNote:
    "Save this Project ID: it is how you look up your project's status, milestones and updates in the client portal.",
  noIdCallText: `Your project was received. Call ${site.phone.display} for its Project ID to follow it in the client portal.`,
} as const;

/** The visible alert of a failed project submission (docs/product/lead-paths.md "Errors"). */
export const SUBMISSION_ERROR = "There was an error submitting your form. Please try again.";

export const contactCopy = {
  eyebrow: `Replies within ${replyPromise.standard}`,
  title: "Get in Touch",
  intro: `A question about your current site, a domain you bought years ago and forgot about, or just wondering whether a website is worth it for your business? Send me a message. I'm ${owner.name}, and I answer every one myself.`,
  formTitle: "Send a message",
  formIntro: "Name, e-mail and a message are all I need. The subject is optional.",
  submitLabel: "Send Message",
  privacyNote: "Your details are only used to reply to you. No mailing lists.",
  errorTitle: "Your message wasn't sent.",
  waysTitle: "Other ways to reach me",
  waysIntro: `Whichever is easiest for you. I reply within ${replyPromise.standard}.`,
  projectTitle: "Ready to start a website?",
  projectText: "The project form asks the few questions I need for a price, so we can skip a round of e-mails.",
  projectLink: "Start a Project",
} as const;

export const contactFacts = {
  hours: site.hours.label,
  serviceArea: site.serviceArea,
  basedIn: `${address.locality}, ${address.region}`,
} as const;

export const thankYouCopy = {
  eyebrow: "Message sent",
  title: "Thanks, your message is on its way",
  intro: `It landed in ${owner.firstName}'s inbox, and I'll answer within ${replyPromise.standard}, during ${site.hours.label}.`,
  soonerTitle: "Need an answer sooner?",
  soonerText:
    "A site that's down or a change that can't wait? Call. If I'm on another call, leave a message and I'll ring you back.",
  nextTitle: "What happens next",
  nextSteps: [
    {
      title: "I read your message",
      text: `${owner.firstName} reads every message personally; nothing is sorted by a bot or passed to a sales team.`,
    },
    {
      title: `You get a reply within ${replyPromise.standard}`,
      text: `The answer comes from ${site.email}. If it isn't in your inbox by then, check the spam or promotions folder.`,
    },
    {
      title: "We take it from there",
      text: "If it's about a new site, I'll suggest a short call. If it's a quick question, the reply is usually the whole answer.",
    },
  ] satisfies NextStep[],
  exploreTitle: "While you wait",
  exploreLinks: [
    { to: "/projects", label: "See recent projects", text: "Websites built for Rhode Island businesses and causes" },
    { to: "/blog", label: "Read the blog", text: "Plain-English advice on small business websites" },
    { to: "/", label: "Back to the home page", text: `What ${site.brand} does, and what it costs` },
  ],
} as const;
