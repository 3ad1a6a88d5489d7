import type { ItemGroup } from "~/content/marketing/types";
import { CheckList } from "./check-list";

interface ItemGroupsProps {
  groups: readonly (ItemGroup & { instead?: string })[];
  kind: "yes" | "no";
}

/** Groups of included (or not included) items, two across on wide screens. */
export function ItemGroups({ groups, kind }: ItemGroupsProps) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {groups.map((group) => (
        <li
          key={group.title}
          className={`flex flex-col rounded-2xl border p-6 sm:p-8 ${
            kind === "yes" ? "border-brand-200 bg-white" : "border-slate-200 bg-white"
          }`}
        >
          <h3 className="text-xl font-bold text-slate-900">{group.title}</h3>
          <p className="mt-1 text-slate-700">{group.intro}</p>
          <div className="mt-5 flex-1">
            <CheckList items={group.items} kind={kind} />
          </div>
          {group.instead ? (
            <p className="mt-6 rounded-xl bg-brand-50 p-4 text-sm leading-6 text-slate-800">
              <strong className="font-semibold text-brand-900">Instead: </strong>
              {group.instead}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
