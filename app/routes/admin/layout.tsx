import { useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, redirect, useLocation, useNavigate } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ExternalLink, LogOut, Menu, X } from "lucide-react";
import { Toaster } from "sonner";
import type { Route } from "./+types/layout";
import { site } from "~/config/site";
import { authEndpoints } from "~/contracts/auth";
import { adminCall } from "~/lib/admin/call";
import { adminMeta } from "~/lib/admin/meta";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "~/lib/admin/session";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { LoadingScreen } from "~/components/admin/ui/loading";
import { MailBanner } from "~/components/admin/email/mail-banner";

export const meta: Route.MetaFunction = () => adminMeta("Admin");

const loginUrl = (location: { pathname: string; search: string }) =>
  `/login?from=${encodeURIComponent(location.pathname + location.search)}`;

/**
 * The guard (docs/product/admin-sign-in.md "Guard", "Admin layout"): the admin is rendered in the
 * browser only; without a valid session the user goes to /login carrying the address they wanted,
 * and comes back to it after signing in.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!readToken()) throw redirect(loginUrl(url));
  try {
    const { user } = await adminCall(authEndpoints.me, {});
    return { user };
  } catch {
    throw redirect(loginUrl(url));
  }
}
clientLoader.hydrate = true as const;

/** The session is checked once per visit, not on every screen change. */
export function shouldRevalidate() {
  return false;
}

export function HydrateFallback() {
  return <LoadingScreen />;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

/**
 * The screens of docs/product/admin-sign-in.md "Admin layout", as a bar on wide screens and a list
 * in the mobile menu.
 */
function AdminNavLinks({ list }: { list?: boolean }) {
  return ADMIN_NAV.map((item) => {
    const link = (
      <NavLink key={item.to} to={item.to} end={"end" in item} className={navClass}>
        <item.icon className="size-4" aria-hidden="true" />
        {item.label}
      </NavLink>
    );
    return list ? <li key={item.to}>{link}</li> : link;
  });
}

/** The signed-in e-mail, View Site and Logout: in the header on wide screens, under the mobile menu. */
function AccountActions({ email, onLogout, stacked }: { email: string; onLogout: () => void; stacked?: boolean }) {
  const action = stacked
    ? "flex items-center gap-2 rounded-md px-3 py-2 text-left text-slate-700 hover:bg-slate-100"
    : "inline-flex items-center gap-1 rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100";
  return (
    <>
      <span
        className={stacked ? "px-3 py-1 text-slate-600" : "text-slate-600"}
        data-testid={stacked ? undefined : "admin-email"}
      >
        {email}
      </span>
      <Link to="/" className={action}>
        <ExternalLink className="size-4" aria-hidden="true" /> View Site
      </Link>
      <button type="button" onClick={onLogout} className={action}>
        <LogOut className="size-4" aria-hidden="true" /> Logout
      </button>
    </>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } } }),
  );
  const navigate = useNavigate();
  const location = useLocation();
  // The mobile menu is open for the screen it was opened on; moving to another screen closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;

  // Set while Logout runs: a call answered 401 then (the session was just revoked) is no lost session.
  const signingOut = useRef(false);

  // Any call answered 401 (expired or revoked session) ends up here.
  useEffect(() => {
    const signedOut = () => {
      if (signingOut.current || window.location.pathname === "/login") return;
      void navigate(loginUrl(window.location), { replace: true });
    };
    window.addEventListener(SIGNED_OUT_EVENT, signedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, signedOut);
  }, [navigate]);

  async function logout() {
    signingOut.current = true;
    // The screens' calls under way (the mail banner's refresh, say) stop before the token is revoked.
    await queryClient.cancelQueries();
    try {
      await adminCall(authEndpoints.logout, {});
    } catch {
      // Signing out locally is what matters; the server forgets the session when it expires.
    }
    clearToken();
    queryClient.clear();
    await navigate("/login", { replace: true });
  }

  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#admin-main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <Link to="/admin" className="font-bold text-slate-900">
              {site.brand} <span className="font-normal text-slate-600">Admin</span>
            </Link>
            <div className="hidden items-center gap-3 text-sm lg:flex">
              <AccountActions email={user.email} onLogout={() => void logout()} />
            </div>
            <button
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-mobile-menu"
              onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
            >
              {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
              <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
            </button>
          </div>
          <nav aria-label="Admin" className="mx-auto hidden max-w-7xl gap-1 overflow-x-auto px-4 pb-2 sm:px-6 lg:flex">
            <AdminNavLinks />
          </nav>
          {menuOpen && (
            <nav id="admin-mobile-menu" aria-label="Admin" className="border-t border-slate-200 px-4 py-3 lg:hidden">
              <ul className="grid gap-1">
                <AdminNavLinks list />
              </ul>
              <div className="mt-3 grid gap-1 border-t border-slate-200 pt-3 text-sm">
                <AccountActions email={user.email} onLogout={() => void logout()} stacked />
              </div>
            </nav>
          )}
        </header>
        <main id="admin-main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
          <MailBanner />
          <Outlet context={{ user }} />
        </main>
        {/* Bottom-right, in the strip the dialogs leave clear (ui/dialog.tsx): over no dialog's controls. */}
        <Toaster position="bottom-right" closeButton offset={16} mobileOffset={16} visibleToasts={3} />
      </div>
    </QueryClientProvider>
  );
}
