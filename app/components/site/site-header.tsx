import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { isNavGroup, mainNavigation, startProjectLink } from "~/content/navigation";
import { site } from "~/config/site";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { NavDropdown } from "./nav-dropdown";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.pathname);
  if (shownFor !== location.pathname) {
    setShownFor(location.pathname);
    setMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2" aria-label={`${site.brand}, home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
          <span className="text-lg font-bold tracking-tight text-brand-900">{site.brand}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 xl:flex">
          {mainNavigation.map((entry) =>
            isNavGroup(entry) ? (
              <NavDropdown key={entry.label} group={entry} />
            ) : (
              <NavLink
                key={entry.to}
                to={entry.to}
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${
                    isActive ? "text-brand-800" : "text-slate-700"
                  }`
                }
              >
                {entry.label}
              </NavLink>
            ),
          )}
          <Link
            to={startProjectLink.to}
            className="ml-2 rounded-lg bg-accent-500 px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-accent-400"
          >
            {startProjectLink.label}
          </Link>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
