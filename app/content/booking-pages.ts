/**
 * /book, /book/{slug} and the links that move or cancel a call (docs/product/bookings.md): search
 * metadata and copy (the links to it from other pages are in booking-links.ts). Relative imports
 * only (the page registry loads this module from the build config).
 */
import { formatPrice, site } from "../config/site";
import { DEFAULT_MEETING_TYPES, LOCATION_LABELS, type LocationKind } from "../contracts/booking-terms";
import type { PageSeo } from "../lib/seo";
import type { Point } from "./marketing/types";
import type { StaticPage } from "./pages";
import { CHECK_IN_SLUG, DISCOVERY_CALL_SLUG } from "./booking-links";

export {
  bookPath,
  CHECK_IN_SLUG,
  DISCOVERY_CALL_SLUG,
  PREFILL_FIELDS,
  PREFILL_LIMITS,
  type BookingPrefill,
} from "./booking-links";

const { owner, phone, email, hours, delivery } = site;
const startingPrice = formatPrice(site.pricing.startingPrice);

/** The meeting types a new database starts with; the owner can change them in Settings > Booking. */
const [discoveryDefault] = DEFAULT_MEETING_TYPES;

/** What a meeting type looks like before its real settings arrive from the API. */
export interface MeetingTypeShell {
  slug: string;
  name: string;
  description: string;
  length_minutes: number;
  location_kind: LocationKind;
  audience: "public" | "client";
}

/** The shipped meeting types, for the server-rendered page (the API's answer replaces them in the browser). */
export const DEFAULT_TYPE_SHELLS: readonly MeetingTypeShell[] = DEFAULT_MEETING_TYPES.map((type) => ({
  slug: type.slug,
  name: type.name,
  description: type.description,
  length_minutes: type.length_minutes,
  location_kind: type.location_kind,
  audience: type.audience,
}));

export const defaultTypeShell = (slug: string) => DEFAULT_TYPE_SHELLS.find((type) => type.slug === slug);

export const bookPage: StaticPage = {
  path: "/book",
  title: "Book a Call About Your Website",
  description: `Pick a time for a free call with ${owner.name}, a Rhode Island web designer. Times show in your own time zone, and a calendar invitation follows by e-mail.`,
  keywords: [
    "book a call web designer",
    "website consultation rhode island",
    "free website call",
    "schedule web design call",
    "providence web designer",
  ],
  changefreq: "monthly",
  priority: 0.6,
};

export const discoveryCallPage: StaticPage = {
  path: `/book/${DISCOVERY_CALL_SLUG}`,
  title: "Book a Free Discovery Call",
  description: `Pick a time for a free ${discoveryDefault.length_minutes}-minute call with ${owner.firstName} about the website your business needs: what it should do, how long it takes and what it costs. ${owner.firstName} calls you.`,
  keywords: [
    "discovery call web design",
    "free website consultation",
    "rhode island web designer call",
    "small business website quote",
    "book a call",
  ],
  changefreq: "monthly",
  priority: 0.8,
};

/** A client's check-in, booked from the portal: never indexed. */
export const checkInPage: PageSeo = {
  path: `/book/${CHECK_IN_SLUG}`,
  title: "Book a Project Check-in",
  description: `Clients of ${site.brand}: pick a time for a call with ${owner.firstName} about your project in progress.`,
  noindex: true,
};

/** Any other meeting type the owner adds: its page is generic, and not indexed. */
export const otherTypePage = (slug: string): PageSeo => ({
  path: `/book/${encodeURIComponent(slug)}`,
  title: "Book a Call",
  description: `Pick a time for a call with ${owner.name}. Times show in your own time zone, and a calendar invitation follows by e-mail.`,
  noindex: true,
});

export const bookingPageSeo = (slug: string): PageSeo =>
  slug === DISCOVERY_CALL_SLUG ? discoveryCallPage : slug === CHECK_IN_SLUG ? checkInPage : otherTypePage(slug);

/** The pages a booking's e-mailed links open: one per booking, never indexed. */
export const manageBookingPages = {
  reschedule: {
    title: "Move Your Call",
    description: `Pick another time for your call with ${owner.firstName}.`,
    noindex: true,
  },
  cancel: {
    title: "Cancel Your Call",
    description: `Cancel your call with ${owner.firstName}, with a word about why if you like.`,
    noindex: true,
  },
} as const;

/** How a call happens, in the visitor's words, before it is booked. */
export const howItHappens: Record<LocationKind, string> = {
  phone: `${owner.firstName} calls you at the number you give.`,
  video: "A video call: the link comes with your confirmation e-mail.",
  in_person: "In person: the address comes with your confirmation e-mail.",
};

export const locationLabel = (kind: LocationKind) => LOCATION_LABELS[kind];

/** The heading and intro of a meeting type's page. */
export interface TypeCopy {
  eyebrow: string;
  title: string;
  intro: string;
}

const MEET: Record<LocationKind, string> = {
  phone: "I'll call you",
  video: "we'll talk on a video call",
  in_person: "we'll meet in person",
};

export function typeCopy(type: MeetingTypeShell): TypeCopy {
  if (type.slug === DISCOVERY_CALL_SLUG)
    return {
      eyebrow: `Free, ${type.length_minutes} minutes, no obligation`,
      title: "Book a Discovery Call",
      intro: `Pick a time that suits you and ${MEET[type.location_kind]}. We'll talk about your business, what the site should do for it and roughly what it would cost, so you know where you stand before you spend a dollar. No preparation needed.`,
    };
  if (type.audience === "client")
    return {
      eyebrow: "For clients",
      title: `Book a ${type.name}`,
      intro: type.description,
    };
  return { eyebrow: "Free, no obligation", title: `Book a ${type.name}`, intro: type.description };
}

export const bookCopy = {
  listEyebrow: "Free, no obligation",
  listTitle: "Book a Call",
  listIntro:
    "Pick the kind of call, then a time that suits you. Times show in your own time zone, and a calendar invitation follows by e-mail.",
  listHeading: "Choose a call",
  pickTime: "Pick a time",
  noTypes: `No calls can be booked online just now. Call ${phone.display} during ${hours.label}, or e-mail ${email}, and we'll find a time together.`,
  factsTitle: "The call",
  schedulerTitle: "Pick a time",
  schedulerIntro: "Days with free times are marked. Pick one, then a time, then tell me who you are.",
  loadingScheduler: "Loading the calendar…",
  noScript: `Picking a time needs JavaScript. Call ${phone.display} during ${hours.label} or e-mail ${email} instead, and we'll find a time together.`,
  coverTitle: "What we'll cover",
  cover: [
    {
      title: "Your business and your customers",
      text: "What you do, where you do it and who should find you. A Warwick landscaper needs different pages from a Newport charter boat.",
    },
    {
      title: "What the site should do",
      text: "Bring in calls, take bookings, show the menu and the hours, or simply look trustworthy when someone checks you out.",
    },
    {
      title: "A rough price and timeline",
      text: `Most sites start at ${startingPrice} and go live in ${delivery.typical}. You'll hear where yours fits before we hang up.`,
    },
  ] satisfies Point[],
  otherWaysTitle: "Rather not pick a time?",
  otherWaysText: `Call ${phone.display} during ${hours.label}, or e-mail ${email}, and we'll find a time together.`,
  checklistLink: "Want to prepare? The checklist on How it works",
} as const;

/** The client check-in's page without a portal session, or without a project. */
export const checkInCopy = {
  signInTitle: "Sign in to the client portal first",
  signInText: `A check-in is booked from your project in the client portal, so ${owner.firstName} knows which project it is about. Open your project there, then press Book a check-in.`,
  signInLink: "Open the client portal",
  sessionEnded: "Your portal session has ended. Open your project in the client portal again, then book from there.",
} as const;
