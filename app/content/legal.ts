import { site } from "../config/site";
import type { StaticPage } from "./pages";

/**
 * The privacy and cookie policies (docs/product/site-pages.md "Legal pages";
 * docs/product/data-and-retention.md "Retention"). Plain language, what is really collected and
 * kept, and how long.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalDocument {
  page: StaticPage;
  heading: string;
  intro: string;
  sections: LegalSection[];
}

const { retention } = site;
const years = (n: number) => `${n} year${n === 1 ? "" : "s"}`;
const backups = `Backup copies of the site's data are kept for ${retention.backupsDays} days and then deleted, so whatever is deleted from the site is gone from every copy ${retention.backupsDays} days later.`;
const deletionHowTo = `E-mail ${site.email} (or call ${site.phone.display}) from the address you used and say what you want deleted or exported. I answer within ${site.replyPromise.standard} and finish within 30 days, and I'll confirm when it's done.`;

export const privacyPolicy: LegalDocument = {
  page: {
    path: "/privacy-policy",
    title: "Privacy Policy",
    description: `What ${site.brand} collects through forms, chat, the client portal and analytics, why, how long it is kept, and how to have it deleted.`,
    keywords: ["privacy policy", "data retention", "rhode island web design", "personal data", "deletion request"],
    changefreq: "yearly",
    priority: 0.3,
  },
  heading: "Privacy Policy",
  intro: `${site.brand} is a one-person business run by ${site.owner.name} in ${site.address.locality}, ${site.address.regionName}. This page explains, in plain words, what information this site collects, why, who sees it, how long it is kept and how you can have it deleted.`,
  sections: [
    {
      heading: "What I collect, and why",
      items: [
        "Project and contact forms: your name, e-mail address and what you write (and, if you give them, phone, business name, budget, timeline and the kind of site you want). I use them to answer you and to prepare a quote.",
        "The project chat and the assistant: the answers you type. A started project chat is saved so you can come back to it with its link.",
        "Claim-a-website requests: your name, business phone and e-mail and the details you give to show the business is yours.",
        "The client portal: your projects, messages and the files you upload to them, visible only to you, the other people on your project and me.",
        "Quotes, invoices and payments: what a quote or an invoice bills and what was paid, when and how. When you accept a quote in the client portal, the name you type, the time, your internet address, your browser and a fingerprint of the quote's exact content are kept with it as the record of your acceptance. Card payments are made on Stripe's own page: this site never sees or stores your card number.",
        "Booked calls: your name, e-mail, phone if you give it, what the call is about, the time you picked and the time zone you saw it in. They go into my calendar and yours (the invitation), and I use them to call you and prepare.",
        "Analytics, only if you choose Accept All: the pages you visit, the page that sent you, your browser type, how far you scroll and how long you stay. No name, no e-mail, no advertising profile.",
        "Server logs: the technical details every web server records (address, time, page requested), kept for security and to fix problems.",
      ],
    },
    {
      heading: "Who sees it",
      paragraphs: [
        `Only me. Your details are not sold, rented or shared for marketing. They are stored with the hosting and e-mail providers this site runs on, which process them only to run the service. If the law requires it, I may have to disclose information to the authorities.`,
      ],
    },
    {
      heading: "How long it is kept",
      items: [
        `Projects, with their milestones, updates, messages and files: deleted ${years(retention.projectsYearsAfterCompletion)} after the project is complete, or after its last message, update or change if that came later. A file that a published article on this site also shows stays with the article.`,
        `The project chat (the guided questions and your answers): deleted ${years(retention.inquiriesYears)} after it was started, whether or not it became a project. A chat opened but never answered is deleted after a week.`,
        `Analytics: the record of each page view, scroll and event (with that day's visitor code) for up to ${years(retention.analyticsYears)}. After that only daily totals remain (views, visits and visitors per day, page, source and event), which hold no visitor code and cannot be traced to anyone; they are kept as the site's history.`,
        `Quotes, invoices, payments and the records of accepted quotes: kept for ${years(retention.billingYears)} after the year they were issued, as the business's tax records, even after the project itself is deleted. A deletion request removes your other details but not these before then.`,
        "Client-portal sign-in links and sign-ins: deleted once they expire.",
        "Your name and contact details, what you wrote in the contact and project forms, the calls you booked, and the e-mails we exchanged: kept as my record of working with you until you ask me to delete them.",
        "These deletions run by themselves: every hour for chats, analytics and sign-ins, once a day for projects.",
        backups,
      ],
    },
    {
      heading: "Your choices",
      paragraphs: [
        "The cookie banner lets you choose between Accept All (analytics on) and Necessary Only (analytics off). You can change your mind at any time from the Cookie Policy page. Marketing and advertising storage is never used.",
        "You may ask to see the information I hold about you, correct it, export it or delete it.",
      ],
    },
    {
      heading: "Children",
      paragraphs: [
        "This site is for businesses and adults. I do not knowingly collect information from anyone under 18; if you believe a child has sent me information, tell me and I will delete it.",
      ],
    },
    { heading: "How to ask for deletion", paragraphs: [deletionHowTo] },
    {
      heading: "Changes",
      paragraphs: [
        `If this policy changes, the new version is posted here with its date. Last updated ${site.legalUpdated}.`,
      ],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  page: {
    path: "/cookie-policy",
    title: "Cookie Policy",
    description: `Which browser storage ${site.brand} uses, what Accept All and Necessary Only change, and how to change your choice at any time.`,
    keywords: ["cookie policy", "cookie consent", "analytics", "local storage", "privacy choices"],
    changefreq: "yearly",
    priority: 0.3,
  },
  heading: "Cookie Policy",
  intro:
    "This site keeps very little in your browser, and nothing for advertising. Here is all of it, and what your choice in the cookie banner changes.",
  sections: [
    {
      heading: "Necessary storage (always on)",
      paragraphs: ["Without these the site cannot do what you ask of it, so they do not need consent:"],
      items: [
        "Your cookie choice itself, so the banner doesn't ask again on every page.",
        "The assistant chat's conversation while you browse, and the link to a project chat you started.",
        "A saved discovery-call checklist, if you tick items on the How It Works page.",
        "A sign-in token if you use the client portal, so you stay signed in.",
        "For the site's owner only: a cookie set when signing in to the back office, so the same browser is recognised at the next sign-in.",
        "A short cache of the featured projects, so the home page loads faster.",
      ],
    },
    {
      heading: "Analytics (only with Accept All)",
      paragraphs: [
        `With Accept All, the site counts page views, how far pages are scrolled and how long they are read, to learn which pages help people. The counts are kept on this site's own server (no third-party analytics service): the record of each page view for up to ${years(retention.analyticsYears)} (a clean-up that runs every hour deletes older ones), and after that only daily totals per page, source and event, without any visitor code. ${backups} With Necessary Only, none of this is recorded.`,
        "No cookie is set and no IP address is kept: visits are told apart by a code that changes every day. In your browser, analytics keeps only the address of the last page counted in the tab, until the tab is closed, so that reloading a page isn't counted as a new visit.",
      ],
    },
    {
      heading: "Marketing and advertising",
      paragraphs: ["Never. No advertising cookies, no tracking pixels, no selling of data, whatever you choose."],
    },
    {
      heading: "Changing your choice",
      paragraphs: [
        "Use the buttons below to change your choice at any time, or clear this site's data in your browser settings; the banner will then ask again.",
      ],
    },
    { heading: "Questions and deletion", paragraphs: [deletionHowTo] },
  ],
};

export const legalPages: StaticPage[] = [privacyPolicy.page, cookiePolicy.page];
