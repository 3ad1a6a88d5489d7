import { useRef } from "react";
import { Copy } from "lucide-react";
import { copyWithToast } from "~/components/admin/ui/copy";
import { usageExamples } from "./examples";
import type { Endpoint, OpenApiDocument } from "./openapi";

/** What the views of one endpoint (its card, its usage examples) are drawn from. */
export interface EndpointViewProps {
  doc: OpenApiDocument;
  endpoint: Endpoint;
  /** The token field's token. */
  token: string;
  /** The token is shown as typed only while the token field shows it; Copy always copies it whole. */
  revealToken: boolean;
}

/**
 * Usage examples (docs/product/api-docs.md "The screen"): curl and fetch with this site's address,
 * the example path and body, and the token field's token where the endpoint needs one.
 */
export function UsageExamples({ doc, endpoint, token, revealToken }: EndpointViewProps) {
  const bearer = token.trim();
  const examples = usageExamples(doc, endpoint, window.location.origin, bearer);
  const masked = (code: string) => (bearer && !revealToken ? code.split(bearer).join(maskToken(bearer)) : code);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {examples.map((example) => (
        <CodeBlock
          key={example.label}
          label={example.label}
          code={example.code}
          shown={masked(example.code)}
          endpoint={endpoint.key}
        />
      ))}
    </div>
  );
}

/** The token's first and last 4 characters. */
const maskToken = (token: string) => (token.length > 12 ? `${token.slice(0, 4)}…${token.slice(-4)}` : "…");

function CodeBlock({ label, code, shown, endpoint }: { label: string; code: string; shown: string; endpoint: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const copy = () =>
    copyWithToast(code, button.current, {
      copied: `${label} example copied`,
      refused: "Could not copy: select the example and copy it by hand.",
    });
  return (
    <figure className="min-w-0 overflow-hidden rounded-lg border border-slate-300 bg-slate-900">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5 text-xs font-semibold text-slate-100">
        {label}
        <button
          ref={button}
          type="button"
          onClick={() => void copy()}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-slate-100 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-white"
          aria-label={`Copy the ${label} example of ${endpoint}`}
        >
          <Copy className="size-3.5" aria-hidden="true" /> Copy
        </button>
      </figcaption>
      <pre
        // Focusable so keyboard users can scroll a long example.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`${label} example`}
        className="max-h-80 overflow-auto p-3 font-mono text-xs leading-relaxed text-slate-100"
      >
        <code>{shown}</code>
      </pre>
    </figure>
  );
}
