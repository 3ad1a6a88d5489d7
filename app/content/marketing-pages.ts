/**
 * The five marketing pages (docs/product/site-pages.md "Services and pricing pages") for the page
 * registry. Each route imports its own module in ./marketing, never this list, so no page ships the
 * others' copy.
 */
import type { StaticPage } from "./pages";
import { servicesPage } from "./marketing/services";
import { pricingPage } from "./marketing/pricing";
import { howItWorksPage } from "./marketing/how-it-works";
import { whatsIncludedPage } from "./marketing/whats-included";
import { aboutPage } from "./marketing/about";

export const marketingPages: StaticPage[] = [servicesPage, pricingPage, howItWorksPage, whatsIncludedPage, aboutPage];
