import { useDeferredValue, useId, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Download, Eye, EyeOff } from "lucide-react";
import type { Route } from "./+types/api";
import { adminMeta } from "~/lib/admin/meta";
import { readToken } from "~/lib/admin/session";
import { LoadError } from "~/components/admin/ui/load-error";
import { LoadingScreen } from "~/components/admin/ui/loading";
import { SearchInput } from "~/components/admin/ui/search-input";
import { adminButton, cardClass, inputClass, labelClass } from "~/components/admin/ui/styles";
import {
  groupByTag,
  loadOpenApiDocument,
  matchesFilter,
  OPENAPI_PATH,
  type OpenApiDocument,
} from "~/components/admin/api-docs/openapi";
import { TagGroup } from "~/components/admin/api-docs/tag-group";

export const meta: Route.MetaFunction = () => adminMeta("API Documentation");

/**
 * The API documentation (docs/product/api-docs.md "The screen"): the app's own OpenAPI document,
 * loaded when the screen opens, its endpoints grouped by tag, each with a Test button; the token
 * the tester sends; Export OpenAPI; usage examples.
 */
export default function AdminApi() {
  const loaded = useQuery({
    queryKey: ["openapi"],
    queryFn: ({ signal }) => loadOpenApiDocument(signal),
    staleTime: Infinity,
  });

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">API Documentation</h1>
        <p className="mt-1 text-slate-600">
          Every endpoint of this site's API, read from its OpenAPI document: what each takes and answers. Test one with
          a real request.
        </p>
      </header>
      {loaded.isPending ? (
        <LoadingScreen label="Loading the API document..." />
      ) : loaded.isError ? (
        <LoadError error={loaded.error} onRetry={() => void loaded.refetch()} retrying={loaded.isFetching} />
      ) : (
        <Documentation doc={loaded.data} />
      )}
    </div>
  );
}

function Documentation({ doc }: { doc: OpenApiDocument }) {
  const id = useId();
  const [token, setToken] = useState(() => readToken() ?? "");
  const [revealToken, setRevealToken] = useState(false);
  const [filter, setFilter] = useState("");
  const deferredFilter = useDeferredValue(filter);
  const groups = useMemo(() => groupByTag(doc), [doc]);
  const total = groups.reduce((n, group) => n + group.endpoints.length, 0);
  const shown = groups.reduce(
    (n, group) => n + group.endpoints.filter((endpoint) => matchesFilter(endpoint, deferredFilter)).length,
    0,
  );

  return (
    <>
      <section className={`${cardClass} grid gap-4`} aria-labelledby={`${id}-about`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-about`} className="text-lg font-semibold text-slate-900">
              {doc.info.title}
            </h2>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <span>
                Version <strong className="font-semibold">{doc.info.version}</strong>
              </span>
              <span>OpenAPI {doc.openapi}</span>
              <span>{total} endpoints</span>
            </p>
          </div>
          <a href={OPENAPI_PATH} download="openapi.json" className={adminButton.secondary}>
            <Download className="size-4" aria-hidden="true" />
            Export OpenAPI
          </a>
        </div>
        <div>
          <label htmlFor={`${id}-token`} className={labelClass}>
            Token
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${id}-token`}
              type={revealToken ? "text" : "password"}
              className={`${inputClass} font-mono`}
              value={token}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${id}-token-hint`}
              onChange={(event) => setToken(event.target.value)}
            />
            <button
              type="button"
              className={adminButton.secondary}
              aria-pressed={revealToken}
              onClick={() => setRevealToken(!revealToken)}
            >
              {revealToken ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
              <span className="sr-only sm:not-sr-only">{revealToken ? "Hide" : "Show"}</span>
              <span className="sr-only"> token</span>
            </button>
          </div>
          <p id={`${id}-token-hint`} className="mt-1 text-xs text-slate-600">
            Sent as <code className="font-mono">Authorization: Bearer …</code> with every test request when not empty.
            It starts as your own session's token; clear it to see what a visitor without one gets.
          </p>
        </div>
      </section>

      <div className="grid gap-2 sm:flex sm:items-center sm:gap-3">
        <SearchInput
          label="Find an endpoint"
          placeholder="Find an endpoint: path, method or words"
          value={filter}
          onChange={setFilter}
        />
        <p className="text-sm text-slate-600" aria-live="polite">
          {shown === total ? `${total} endpoints` : `${shown} of ${total} endpoints`}
        </p>
      </div>

      {shown === 0 && <p className="text-slate-700">No endpoint matches “{deferredFilter}”.</p>}
      <div className="grid gap-8">
        {groups.map((group) => (
          <TagGroup
            key={group.tag}
            doc={doc}
            group={group}
            filter={deferredFilter}
            token={token}
            revealToken={revealToken}
          />
        ))}
      </div>
    </>
  );
}
