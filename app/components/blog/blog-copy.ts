import { site } from "~/config/site";

/** The words of the blog pages (docs/product/blog.md). */
export const blogCopy = {
  eyebrow: "Notes from a Providence web designer",
  title: "The Blog",
  intro: `Plain-English advice on websites for Rhode Island small businesses: what a site should cost, what actually brings in calls, and how to keep it working after launch. Written by ${site.owner.firstName}, no jargon.`,
  metaTitle: "Blog: Website Advice for Rhode Island Small Businesses",
  metaDescription: `Straight answers on small business websites from ${site.owner.name}, a Providence web designer: pricing, local SEO, hosting and getting more calls.`,
  pageTitle: (page: number) => `Blog, page ${page}`,
  pageDescription: (page: number, total: number) =>
    `Page ${page} of ${total} of the ${site.brand} blog: practical website advice for Rhode Island small businesses.`,
  filterLabel: "Show",
  filters: { articles: "Articles", "case-studies": "Case studies" },
  caseStudiesTitle: "Case studies",
  caseStudiesIntro: `How each portfolio site was planned and built: the brief, what went on the page, the tools behind it, and an honest word on results. Every one has a site you can open.`,
  caseStudiesMetaTitle: "Case Studies: Websites Built for Rhode Island Businesses",
  caseStudiesMetaDescription: `How ${site.owner.name} plans and builds websites for Rhode Island small businesses: the brief, the pages, the tools and an honest word on results, with a live site for each.`,
  caseStudyEyebrow: "Case study",
  emptyTitle: "The first articles are on their way",
  emptyText: `${site.owner.firstName} is writing up the questions Rhode Island business owners ask most: what a website should cost, how long it takes and how to show up on Google Maps. Until then, ask yours directly.`,
  listCtaTitle: "Rather talk it through?",
  listCtaText: `Reading is great, but a quick conversation is faster. Tell ${site.owner.firstName} about your business and get a straight answer and a real quote within ${site.replyPromise.standard}.`,
  ctaTitle: "Have a question this article didn't answer?",
  ctaText: `Tell me about your business and what you need. You'll get a straight answer from ${site.owner.firstName} within ${site.replyPromise.standard}, and most sites start at $${site.pricing.startingPrice}.`,
} as const;
