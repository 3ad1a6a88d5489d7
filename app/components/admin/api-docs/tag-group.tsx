import { useId, useState } from "react";
import { ChevronDown } from "lucide-react";
import { EndpointCard } from "./endpoint-card";
import { matchesFilter, type OpenApiDocument, type TagGroup as Group } from "./openapi";

/**
 * The endpoints of one tag, collapsible. A filter hides what does not match without
 * unmounting it, so an open tester keeps what was typed.
 */
export function TagGroup({
  doc,
  group,
  filter,
  token,
  revealToken,
}: {
  doc: OpenApiDocument;
  group: Group;
  filter: string;
  token: string;
  revealToken: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const visible = group.endpoints.map((endpoint) => matchesFilter(endpoint, filter));
  const count = visible.filter(Boolean).length;
  return (
    <section aria-labelledby={`${id}-heading`} hidden={count === 0} className="grid gap-3">
      <h2 id={`${id}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-2 rounded-md text-left text-lg font-semibold text-slate-900 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ChevronDown
            className={`size-5 shrink-0 text-slate-600 transition-transform ${open ? "" : "-rotate-90"}`}
            aria-hidden="true"
          />
          {group.tag}
          <span className="text-sm font-normal text-slate-600">
            ({count} {count === 1 ? "endpoint" : "endpoints"})
          </span>
        </button>
      </h2>
      <ul id={`${id}-list`} hidden={!open} className="grid gap-2">
        {group.endpoints.map((endpoint, index) => (
          <li key={endpoint.key} hidden={!visible[index]}>
            <EndpointCard doc={doc} endpoint={endpoint} token={token} revealToken={revealToken} />
          </li>
        ))}
      </ul>
    </section>
  );
}
