import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "~/lib/nonce";
import { DEFAULT_TITLE } from "~/lib/seo";
import { site } from "~/config/site";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/images/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document as interactive, the page and the error page alike (browser tests wait for
  // it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d5e" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Router-level failure (docs/product/site-pages.md "Router failure"): the status or the message,
 * never a stack trace (the server build sanitizes errors in production).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong on our side.";
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText || ""}`.trim();
  } else if (error instanceof Error && error.message) {
    detail = error.message;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{`Unexpected Application Error! | ${DEFAULT_TITLE}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="text-lg text-slate-700" data-testid="error-detail">
        {detail}
      </p>
      <p className="text-slate-600">
        {isRouteErrorResponse(error) && error.status === 503
          ? `We couldn't load this page just now. Please try again in a minute, or call ${site.phone.display}.`
          : "Try again in a moment, or go back to the home page."}
      </p>
      <a href="/" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Go to Homepage
      </a>
    </main>
  );
}
