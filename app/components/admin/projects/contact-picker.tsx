import { useId, useState } from "react";
import { Search } from "lucide-react";
import type { Contact } from "~/contracts/contacts";
import { errorMessage } from "~/lib/api/call";
import { useContactSearch } from "../ui/use-contact-search";
import { InlineLoading } from "~/components/admin/ui/loading";
import { adminButton, inputClass } from "../ui/styles";
import { useDebouncedValue } from "../ui/use-search-box";

const NONE: number[] = [];
/** The matches a picker lists at once; typing narrows them (the server searches every contact). */
export const PICKER_SIZE = 25;

/**
 * The contacts of a project, chosen from the leads (docs/product/projects.md "Create and edit"): a
 * search the server answers as the owner types, Select all and Deselect all over the contacts
 * shown, and the red hint while none is chosen. The order of choosing is kept: the first chosen
 * becomes the primary contact.
 */
export function ContactPicker({
  selected,
  onChange,
  exclude = NONE,
  knownNames = {},
  primaryNote = true,
}: {
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Contacts not offered (those already on the project). */
  exclude?: number[];
  /** Names of chosen contacts the list may not hold (the one the Project button brought). */
  knownNames?: Record<number, string>;
  primaryNote?: boolean;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const contacts = useContactSearch(useDebouncedValue(q.trim()), PICKER_SIZE);
  // The names of those chosen, kept as they are picked: a later search may not list them.
  const [names, setNames] = useState<Record<number, string>>(knownNames);
  const found = contacts.data?.contacts ?? [];
  const shown = found.filter((c) => !exclude.includes(c.id));
  const more = (contacts.data?.total ?? 0) - found.length;
  const chosen = new Set(selected);
  const nameOf = (contactId: number) => names[contactId] ?? `Contact ${contactId}`;
  const remember = (list: Contact[]) =>
    setNames((known) => ({ ...known, ...Object.fromEntries(list.map((c) => [c.id, c.name])) }));

  const toggle = (contact: Contact, on: boolean) => {
    remember([contact]);
    onChange(on ? [...selected.filter((s) => s !== contact.id), contact.id] : selected.filter((s) => s !== contact.id));
  };
  const selectAll = () => {
    remember(shown);
    onChange([...selected, ...shown.map((c) => c.id).filter((c) => !chosen.has(c))]);
  };
  const deselectAll = () => {
    const hidden = new Set(shown.map((c) => c.id));
    onChange(selected.filter((s) => !hidden.has(s)));
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-status`}>
      <legend className="block text-sm font-medium text-slate-800">
        Contacts
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search contacts
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search name, email, company"
            className={`${inputClass} pl-9`}
          />
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={`${adminButton.secondary} px-3 py-1.5`}
            onClick={selectAll}
            disabled={shown.length === 0}
          >
            Select all
          </button>
          <button
            type="button"
            className={`${adminButton.secondary} px-3 py-1.5`}
            onClick={deselectAll}
            disabled={selected.length === 0}
          >
            Deselect all
          </button>
        </div>
      </div>

      {contacts.isPending ? (
        <InlineLoading label="Loading contacts..." />
      ) : contacts.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(contacts.error, "Failed to fetch contacts")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void contacts.refetch()}>
            Retry
          </button>
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
          {contacts.data?.total === 0 && !q.trim()
            ? "No contacts yet. Add contacts under Leads first."
            : found.length > 0
              ? "Those found are on the project already."
              : "No contacts match."}
        </p>
      ) : (
        <ul
          aria-label="Contacts to choose from"
          aria-busy={contacts.isFetching}
          className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-300"
        >
          {shown.map((contact) => (
            <li key={contact.id}>
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-brand-700"
                  checked={chosen.has(contact.id)}
                  onChange={(e) => toggle(contact, e.target.checked)}
                />
                <span className="min-w-0 text-sm font-medium break-words text-slate-900">
                  {contact.name}
                  <span className="block text-xs font-normal [overflow-wrap:anywhere] text-slate-600">
                    {[contact.email, contact.company].filter(Boolean).join(" · ") || "No email"}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}

      {more > 0 && (
        <p className="text-xs text-slate-600">
          The first {found.length} of {contacts.data?.total.toLocaleString("en-US")} shown: type a name, email or
          company to find the others.
        </p>
      )}

      <div id={`${id}-status`} aria-live="polite" className="text-sm">
        {selected.length === 0 ? (
          <p className="font-medium text-red-700">Please select at least one contact</p>
        ) : (
          <p className="text-slate-700">
            {selected.length} selected: {selected.map(nameOf).join(", ")}
            {primaryNote && selected.length > 1 && (
              <span className="block text-xs text-slate-600">The first one chosen is the primary contact.</span>
            )}
          </p>
        )}
      </div>
    </fieldset>
  );
}
