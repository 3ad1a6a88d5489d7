import { useEffect } from "react";
import { Outlet } from "react-router";
import { recordLandingVisit } from "~/lib/attribution";
import { trackContactLinkClicks } from "~/lib/analytics";
import { useVisitAnalytics } from "~/lib/visit-analytics/use-visit-analytics";
import { SiteHeader } from "~/components/site/site-header";
import { SiteFooter } from "~/components/site/site-footer";
import { BreadcrumbBar } from "~/components/site/breadcrumb-bar";
import { CookieBanner } from "~/components/site/cookie-banner";
import { ScrollToTopButton } from "~/components/site/scroll-to-top";
import { ChatWidget } from "~/components/chat-widget/chat-widget";

/**
 * The public layout (docs/product/site-pages.md "Layout and navigation"). Scroll-to-top on
 * navigation comes from <ScrollRestoration>.
 */
export default function SiteLayout() {
  useEffect(recordLandingVisit, []);
  useEffect(trackContactLinkClicks, []);
  useVisitAnalytics();
  return (
    <div className="flex min-h-screen flex-col">
      <CookieBanner />
      <SiteHeader />
      <BreadcrumbBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollToTopButton />
      <ChatWidget />
    </div>
  );
}
