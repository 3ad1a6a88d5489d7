/**
 * Every static public page, in one list: react-router.config.ts prerenders
 * them, the sitemap lists the indexable ones, the site search searches them.
 * Only server code and build config import this file; a route module imports
 * its own page entry from its own content module, so no page ships the
 * others' copy. Relative imports only (react-router.config.ts loads it).
 */
import { homePage, type StaticPage } from "./pages";
import { marketingPages } from "./marketing-pages";
import { legalPages } from "./legal";
import { cityPages, cityAliasPaths } from "./cities";
import { industryPages } from "./industries";
import { industryPaths } from "./industry-paths";
import { demosPage } from "./demos";
import { contactPage, startProjectPage, thankYouPage } from "./contact-pages";
import { claimPage } from "./claimable-sites";
import { chatPage } from "./chat-pages";
import { clientPortalPage, portalSignInPage } from "./portal-pages";
import { bookPage, discoveryCallPage } from "./booking-pages";

export const staticPages: StaticPage[] = [
  homePage,
  startProjectPage,
  contactPage,
  thankYouPage,
  claimPage,
  chatPage,
  clientPortalPage,
  portalSignInPage,
  bookPage,
  discoveryCallPage,
  ...marketingPages,
  demosPage,
  ...cityPages,
  ...industryPages,
  ...legalPages,
];

/** Other spellings served with a canonical to their main path. */
export const aliasPaths: string[] = [...cityAliasPaths, ...industryPaths.flatMap((industry) => industry.aliases)];

/**
 * Pages whose HTML is the same for many addresses: one is prerendered at `path` and
 * served for every address `pattern` matches (server/site/site-handler.ts). A chat at
 * /chat/{inquiryId} reads its id in the browser and loads the conversation from the API.
 */
export const CHAT_SHELL_PATH = "/chat/_shell";
export const pageShells: { pattern: RegExp; path: string }[] = [
  { pattern: /^\/chat\/[^/.]+\/?$/, path: CHAT_SHELL_PATH },
];

export const prerenderPaths = (): string[] => [
  ...staticPages.filter((page) => page.prerender !== false).map((page) => page.path),
  ...aliasPaths,
  ...pageShells.map((shell) => shell.path),
];
