import { CheckIcon } from "~/components/ui/icons";

/** Short facts under a page heading, e.g. the starting price and the delivery time. */
export function HeroBadges({ badges, label = "At a glance" }: { badges: readonly string[]; label?: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {badges.map((badge) => (
        <li
          key={badge}
          className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-brand-900 shadow-sm ring-1 ring-brand-200"
        >
          <CheckIcon className="h-4 w-4 text-brand-600" />
          {badge}
        </li>
      ))}
    </ul>
  );
}
