/**
 * /chat and /chat/{inquiryId} (docs/product/chat.md "The chat pages"): search metadata and copy of
 * the guided project chat. Relative imports only (the page registry loads this module from the
 * build config).
 */
import { formatPrice, site } from "../config/site";
import type { PageSeo } from "../lib/seo";
import type { StaticPage } from "./pages";
import type { NextStep } from "./contact-pages";

const { owner, replyPromise, delivery } = site;
const startingPrice = formatPrice(site.pricing.startingPrice);

export const chatPage: StaticPage = {
  path: "/chat",
  title: "Project Chat: Plan Your Website in Two Minutes",
  description: `Answer seven quick questions in a guided chat and ${owner.firstName} replies within ${replyPromise.standard} with a plan and a price. Custom Rhode Island websites from ${startingPrice}.`,
  keywords: [
    "website project chat",
    "website quote rhode island",
    "plan a small business website",
    "web designer providence ri",
    "custom website from $75",
    "guided website inquiry",
  ],
  changefreq: "monthly",
  priority: 0.8,
};

/** The meta of one inquiry's chat: per visitor, so never indexed. */
export const chatInquiryPage = (inquiryId: string): PageSeo => ({
  path: `/chat/${encodeURIComponent(inquiryId)}`,
  title: "Your Project Chat",
  description: `Your project chat with ${owner.firstName}: answer a few short questions about your website and get a reply within ${replyPromise.standard}.`,
  keywords: ["project chat", "websites by tyler"],
  noindex: true,
  breadcrumbs: false,
});

/** The questions the guided chat asks, in order (the server asks them; this is what the page promises). */
export const chatQuestions = [
  { title: "Your name", text: "So I know who I'm talking to." },
  { title: "Your e-mail", text: "Where my reply goes." },
  { title: "What kind of site", text: "A tap: small business, portfolio, non-profit and so on." },
  { title: "Budget", text: `A tap, from ${startingPrice} up, or 'Let's discuss'.` },
  { title: "Timeline", text: "A tap: as soon as possible, a few weeks, or flexible." },
  { title: "Your project in a few words", text: "What the business does and what the site should help with." },
  { title: "Anything else", text: "Links you like, a domain you own, or just 'that's everything'." },
] as const;

export const chatCopy = {
  eyebrow: "About 2 minutes, one question at a time",
  title: "Plan Your Website in a Quick Chat",
  intro: `Not a fan of long forms? Answer a few short questions here instead, most of them with a single tap, and ${owner.firstName} gets everything needed to come back to you with a plan and a price. Your answers save as you go, so you can stop and pick up later from the same address.`,
  startTitle: "How the chat works",
  startIntro: "Seven short questions. The ones about type, budget and timeline are simple choices.",
  startLabel: "Start Your Project Chat",
  startNote: "No account and no obligation. You can stop at any point.",
  chatTitle: "Your project chat",
  afterTitle: "What happens after you finish",
  afterSteps: [
    {
      title: `${owner.firstName} reads your answers`,
      text: "No sales team and no chatbot sales pitch. The questions are automatic; the reply is not.",
    },
    {
      title: `A reply within ${replyPromise.standard}`,
      text: `An e-mail with a first take on your site, a price range, and any questions, during ${site.hours.label}.`,
    },
    {
      title: "A short call, if you like",
      text: `Fifteen minutes to agree on pages, look and timing. Most sites go live in ${delivery.typical}.`,
    },
  ] satisfies NextStep[],
  privacyTitle: "Your answers stay private",
  privacyText: `They are used only to reply to you about your project, never sold or added to a mailing list, and inquiries are deleted after ${site.retention.inquiriesYears} years.`,
  privacyLink: "Read the privacy policy",
  formTitle: "Prefer a regular form?",
  formText: "The project form asks the same questions on one page.",
  formLink: "Use the project form",
  idLabel: "Your chat ID",
  bookmark: "Bookmark this page to continue later",
  bookmarkLinkPrefix: "Your chat lives at",
} as const;

export const chatInquiryCopy = {
  eyebrow: "Project chat",
  title: "Your Project Chat",
  intro: `Answer a few quick questions and ${owner.firstName} will come back to you with a plan and a price. Everything saves as you go: this address always brings you back to this chat.`,
  formText: "Rather fill in one page?",
  formLink: "Use the project form",
} as const;

/** The chat box itself. */
export const inquiryChatCopy = {
  headerName: owner.name,
  headerRole: `${owner.role}, ${site.address.locality}`,
  logLabel: `Conversation with ${owner.firstName}`,
  visitorName: "You",
  starting: "Starting your chat...",
  progressLabel: "Inquiry progress",
  answerLabel: "Your answer",
  answerPlaceholder: "Type your answer...",
  answerHint: "Enter sends, Shift+Enter adds a new line.",
  optionsLabel: "Choose an answer",
  secondaryOptionsLabel: "Or pick one",
  send: "Send",
  sending: "Sending...",
  sendFailed: "Your answer wasn't sent.",
  sendKept: "It's still in the box, so you can try again in a moment.",
  optionFailed: "Your choice wasn't sent. Please pick it again in a moment.",
  noScript: `The chat needs JavaScript. The project form works without it, or e-mail ${site.email} or call ${site.phone.display}.`,
  startFailedTitle: "The chat couldn't start just now.",
  startFailedText: `Please try again in a minute, or call ${site.phone.display}. The project form or an e-mail reaches me just the same.`,
  retry: "Try again",
  thanksTitle: "Thanks, that's everything I need!",
  thanksText: `Your answers are with ${owner.firstName}. Expect a reply within ${replyPromise.standard} at the e-mail address you gave.`,
} as const;

export const inquiryCompleteCopy = {
  title: "Inquiry Complete",
  text: `Thanks for telling me about your project. I'll read your answers and reply within ${replyPromise.standard}.`,
  contactLead: "Questions in the meantime?",
  projectIdLabel: "Your Project ID",
  projectIdNote:
    "Your answers are now a project. Keep this ID: with it you can follow the project's status, milestones and updates, and write to me, in the client portal.",
  portalLabel: "Access Client Portal",
} as const;
