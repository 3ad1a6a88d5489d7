import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { servedCities } from "./config/site";
import { industryPaths } from "./content/industry-paths";

/**
 * Every URL of the app in one table (docs/product/site-pages.md "Route table",
 * docs/product/admin-sign-in.md "Route table").
 */
export default [
  // The owner's back office (docs/product/admin-sign-in.md "Route table", "Guard"): rendered in the
  // browser, behind the sign-in guard.
  route("login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("contacts", "routes/admin/contacts.tsx"),
    route("projects", "routes/admin/projects.tsx"),
    route("invoices", "routes/admin/invoices.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("emails", "routes/admin/emails.tsx"),
    route("migration", "routes/admin/migration.tsx"),
    route("media", "routes/admin/media.tsx"),
    route("portfolio", "routes/admin/portfolio.tsx"),
    route("posts", "routes/admin/posts.tsx"),
    route("inquiries", "routes/admin/inquiries.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("api", "routes/admin/api.tsx"),
  ]),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services", "routes/site/services.tsx"),
    route("pricing", "routes/site/pricing.tsx"),
    route("how-it-works", "routes/site/how-it-works.tsx"),
    route("whats-included", "routes/site/whats-included.tsx"),
    route("about", "routes/site/about.tsx"),
    route("demos", "routes/site/demos.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("cookie-policy", "routes/site/cookie-policy.tsx"),
    route("search", "routes/site/search.tsx"),
    route("start-project", "routes/site/start-project.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("contact/thank-you", "routes/site/contact-thank-you.tsx"),
    route("claim-your-website", "routes/site/claim-your-website.tsx"),
    // Booking a call (docs/product/bookings.md): server-rendered, the free times read in the browser.
    route("book", "routes/site/book.tsx", { id: "book" }),
    route("book/reschedule/:token", "routes/site/book-manage.tsx", { id: "book/reschedule" }),
    route("book/cancel/:token", "routes/site/book-manage.tsx", { id: "book/cancel" }),
    route("book/:slug", "routes/site/book.tsx", { id: "book/slug" }),
    route("chat", "routes/site/chat.tsx"),
    route("chat/:inquiryId", "routes/site/chat-inquiry.tsx"),
    route("client-portal", "routes/site/client-portal.tsx"),
    route("client-portal/sign-in", "routes/site/client-portal-sign-in.tsx"),
    // Eleven city pages from one module (docs/product/landing-pages.md "City pages"); the -ri
    // spelling serves the same page.
    ...servedCities.flatMap((city) => [
      route(`${city.slug}-web-design`, "routes/site/city.tsx", { id: `city/${city.slug}` }),
      route(`${city.slug}-web-design-ri`, "routes/site/city.tsx", { id: `city/${city.slug}-ri` }),
    ]),
    // Seven industry pages from one module (docs/product/landing-pages.md "Industry pages"), both
    // spellings where two exist.
    ...industryPaths.flatMap((industry) =>
      [industry.path, ...industry.aliases].map((path) =>
        route(path.slice(1), "routes/site/industry.tsx", { id: `industry${path}` }),
      ),
    ),
    // Content pages from posts (docs/product/portfolio-and-demos.md "Projects page",
    // docs/product/blog.md): server-rendered, never prerendered.
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("projects", "routes/site/projects.tsx"),
    // Unknown paths and /404 (docs/product/site-pages.md "Not-found page")
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
