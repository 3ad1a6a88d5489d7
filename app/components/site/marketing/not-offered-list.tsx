import { CloseIcon } from "~/components/ui/icons";
import type { NotOffered } from "~/content/marketing/types";

/** What isn't built here, each with where to go instead. */
export function NotOfferedList({ items }: { items: readonly NotOffered[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 sm:p-7">
          <div className="flex items-center gap-3">
            <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-700">
              <CloseIcon className="h-5 w-5" />
            </span>
            <h3 className="text-lg font-bold text-slate-900">{item.title}</h3>
          </div>
          <p className="mt-3 leading-7 text-slate-700">{item.text}</p>
          <p className="mt-4 rounded-xl bg-brand-50 p-4 text-sm leading-6 text-slate-800">
            <strong className="font-semibold text-brand-900">Instead: </strong>
            {item.instead}
          </p>
        </li>
      ))}
    </ul>
  );
}
