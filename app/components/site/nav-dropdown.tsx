import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import type { NavGroup } from "~/content/navigation";
import { ChevronDownIcon } from "~/components/ui/icons";

/**
 * A disclosure menu of links (WAI-ARIA disclosure navigation pattern): a button
 * with aria-expanded that opens on click or tap, arrow keys move between the
 * links, Escape and a click outside close it.
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  // Close after a navigation (React's "adjust state when a prop changes" pattern).
  const [shownFor, setShownFor] = useState(location.pathname);
  if (shownFor !== location.pathname) {
    setShownFor(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>("[data-nav-item]") ?? []);

  const focusLink = (index: number) => {
    const items = links();
    if (items.length === 0) return;
    items[(index + items.length) % items.length]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = links();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          buttonRef.current?.focus();
        }
        break;
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        requestAnimationFrame(() => focusLink(current + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (open) focusLink(current <= 0 ? items.length - 1 : current - 1);
        break;
      case "Home":
        if (open && current >= 0) {
          event.preventDefault();
          focusLink(0);
        }
        break;
      case "End":
        if (open && current >= 0) {
          event.preventDefault();
          focusLink(items.length - 1);
        }
        break;
    }
  };

  const active = group.items.some((item) => location.pathname === item.to);

  return (
    // Key presses bubble up from the button and the links inside; the wrapper itself is not interactive.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${
          active ? "text-brand-800" : "text-slate-700"
        }`}
      >
        {group.label}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        <ul>
          {group.items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                data-nav-item=""
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 hover:bg-brand-50 focus:bg-brand-50 ${isActive ? "bg-brand-50" : ""}`
                }
              >
                <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                {item.description ? <span className="block text-xs text-slate-600">{item.description}</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
