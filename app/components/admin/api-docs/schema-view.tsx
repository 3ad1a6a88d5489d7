import { useState } from "react";
import { ChevronRight } from "lucide-react";
import { DocText } from "./doc-text";
import {
  childrenOf,
  constraintsOf,
  resolveSchema,
  typeLabel,
  type OpenApiDocument,
  type SchemaObject,
} from "./openapi";

/**
 * A schema as a compact tree: one line per field (name, type, required, limits, description),
 * and each object, list or named component ($ref) opens to its own fields. A component is
 * named by its name (Contact, SubmissionData) and opened in place.
 */
export function SchemaView({
  doc,
  schema,
  collapsed = false,
}: {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  /** Starts closed (the error answers, which all share one shape). */
  collapsed?: boolean;
}) {
  const [open, setOpen] = useState(!collapsed);
  const { schema: resolved, name } = resolveSchema(doc, schema);
  const children = childrenOf(doc, schema);
  const title = (
    <span className="font-mono text-xs text-slate-700">
      {name ? <span className="font-semibold text-slate-900">{name}</span> : typeLabel(doc, schema)}
      {name && <span className="text-slate-600"> ({typeLabel(doc, resolved)})</span>}
    </span>
  );
  const tree = <SchemaChildren doc={doc} schema={schema} ancestors={name ? [name] : []} />;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      {!children ? (
        <p>{title}</p>
      ) : collapsed ? (
        <details onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className={summaryClass}>
            <ChevronRight
              className={`mt-0.5 size-3.5 shrink-0 text-slate-600 transition-transform ${open ? "rotate-90" : ""}`}
              aria-hidden="true"
            />
            {title}
          </summary>
          {open && tree}
        </details>
      ) : (
        <>
          <p>{title}</p>
          {tree}
        </>
      )}
    </div>
  );
}

const summaryClass =
  "flex cursor-pointer list-none items-start gap-1 rounded hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden";

function SchemaChildren({
  doc,
  schema,
  ancestors,
}: {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  ancestors: string[];
}) {
  const children = childrenOf(doc, schema);
  if (!children) return null;
  // A list opens straight to its items' fields (its line already says `Contact[]`).
  if (children.kind === "items") {
    const item = resolveSchema(doc, children.items).name;
    if (item && ancestors.includes(item)) return null;
    return <SchemaChildren doc={doc} schema={children.items} ancestors={item ? [...ancestors, item] : ancestors} />;
  }
  if (children.kind === "union")
    return (
      <ul className="mt-1 border-l border-slate-300 pl-3">
        {children.branches.map((branch, index) => (
          <SchemaRow key={index} doc={doc} name={`one of (${index + 1})`} schema={branch} ancestors={ancestors} />
        ))}
      </ul>
    );
  return (
    <ul className="mt-1 border-l border-slate-300 pl-3">
      {Object.entries(children.properties).map(([key, property]) => (
        <SchemaRow
          key={key}
          doc={doc}
          name={key}
          schema={property}
          required={children.required.includes(key)}
          ancestors={ancestors}
        />
      ))}
    </ul>
  );
}

function SchemaRow({
  doc,
  name,
  label,
  schema,
  required = false,
  ancestors,
}: {
  doc: OpenApiDocument;
  name: string;
  label?: string;
  schema: SchemaObject;
  required?: boolean;
  ancestors: string[];
}) {
  const [open, setOpen] = useState(false);
  const { schema: resolved, name: component } = resolveSchema(doc, schema);
  const description = schema.description ?? resolved?.description;
  const limits = constraintsOf(resolved);
  // A component that contains itself opens once, not forever.
  const recursive = component !== undefined && ancestors.includes(component);
  const openable = !recursive && childrenOf(doc, schema) !== undefined;
  const line = (
    <>
      <span className="font-mono font-semibold break-all text-slate-900">{name}</span>
      {label && <span className="text-slate-600"> {label}</span>}
      {required && (
        <span className="text-red-700" title="required">
          {" "}
          *<span className="sr-only"> required</span>
        </span>
      )}
      <span className="font-mono break-all text-brand-800"> {typeLabel(doc, schema)}</span>
      {limits.length > 0 && <span className="text-slate-600"> · {limits.join(", ")}</span>}
      {recursive && <span className="text-slate-600"> (shown above)</span>}
      {description && (
        <span className="block text-slate-600">
          <DocText text={description} />
        </span>
      )}
    </>
  );
  if (!openable) return <li className="py-0.5 pl-5 text-xs">{line}</li>;
  return (
    <li className="py-0.5 text-xs">
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className={summaryClass}>
          <ChevronRight
            className={`mt-0.5 size-3.5 shrink-0 text-slate-600 transition-transform ${open ? "rotate-90" : ""}`}
            aria-hidden="true"
          />
          <span className="min-w-0">{line}</span>
        </summary>
        {open && (
          <SchemaChildren doc={doc} schema={schema} ancestors={component ? [...ancestors, component] : ancestors} />
        )}
      </details>
    </li>
  );
}
