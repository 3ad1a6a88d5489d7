import { useEffect } from "react";
import { NavLink } from "react-router";
import { isNavGroup, mainNavigation, startProjectLink } from "~/content/navigation";
import { phoneHref, site } from "~/config/site";

/** Mirrors the header navigation on small screens (docs/product/site-pages.md "Header"). */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2.5 text-base font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-50"}`;

  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      hidden={!open}
      className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 pt-2 xl:hidden"
    >
      <ul className="space-y-1">
        {mainNavigation.map((entry, index) =>
          isNavGroup(entry) ? (
            <li key={entry.label} className="pt-2">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-600">{entry.label}</p>
              <ul className="space-y-1">
                {entry.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={linkClass} onClick={onClose}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li
              key={entry.to}
              className={
                index > 0 && isNavGroup(mainNavigation[index - 1]!) ? "mt-2 border-t border-slate-200 pt-2" : ""
              }
            >
              <NavLink to={entry.to} className={linkClass} onClick={onClose}>
                {entry.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
      <div className="mt-4 grid gap-2">
        <NavLink
          to={startProjectLink.to}
          onClick={onClose}
          className="rounded-lg bg-accent-500 px-4 py-3 text-center font-semibold text-slate-900 hover:bg-accent-400"
        >
          {startProjectLink.label}
        </NavLink>
        <a
          href={phoneHref}
          className="rounded-lg border border-slate-300 px-4 py-3 text-center font-semibold text-brand-800"
        >
          Call {site.phone.display}
        </a>
      </div>
    </nav>
  );
}
