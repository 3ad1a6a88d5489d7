import { site } from "~/config/site";

/** The words of /projects (docs/product/portfolio-and-demos.md "Projects page"). */
export const projectsCopy = {
  eyebrow: "Portfolio",
  title: "Websites built for Rhode Island businesses",
  intro: `Bakeries, surf schools, cleaning crews and food trucks: concept and demo sites built the way a real Rhode Island business needs them, fast on a phone and made to bring in calls. Each one was designed and built by ${site.owner.firstName}; every write-up says honestly what it is.`,
  metaTitle: "Projects: Websites for Rhode Island Small Businesses",
  metaDescription: `Websites by ${site.owner.name} for Rhode Island small businesses: concept and demo sites, the tools behind them and what each one was built to do.`,
  featuredTitle: "Featured projects",
  featuredIntro: "A closer look at a few favorites, and what each site does for the business behind it.",
  moreTitle: "More projects",
  moreIntro: "Live demo sites for the trades and food businesses the site serves, each one clickable.",
  allTitle: "Recent projects",
  allIntro: "Concept and demo sites for local businesses, newest first.",
  emptyTitle: "New projects are being written up",
  emptyText: `The latest client sites are getting their write-ups. Meanwhile, see what's possible in the live demos, or tell ${site.owner.firstName} about your business and get a straight quote.`,
  ctaTitle: "Want a site like these for your business?",
  ctaText: `Most projects start at $${site.pricing.startingPrice} and launch in ${site.delivery.typical}. Tell me what you need and you'll hear back within ${site.replyPromise.fast}.`,
} as const;

/** docs/product/portfolio-and-demos.md "Projects page": portfolio cards show at most 4 tags. */
export const PROJECT_CARD_TAGS = 4;
