import { Fragment, useId, useState } from "react";
import { ChevronRight, FlaskConical, Lock } from "lucide-react";
import { adminButton } from "~/components/admin/ui/styles";
import { DocText } from "./doc-text";
import { MethodBadge, STATUS_BADGE_CLASS, statusTone } from "./labels";
import { isMultipart, isWebSocket, needsToken, typeLabel, type Endpoint, type OpenApiDocument } from "./openapi";
import { SchemaView } from "./schema-view";
import { Tester } from "./tester";
import { UsageExamples, type EndpointViewProps } from "./usage-examples";

/** A path that wraps, when it must, before a slash rather than inside a word. */
function PathText({ path }: { path: string }) {
  return path.split(/(?=\/)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

const subheading = "text-sm font-semibold text-slate-900";

/**
 * One endpoint: method, path and summary, opening to its parameters, request body, responses,
 * usage examples and (Test) the tester. What was opened or typed stays while the list is filtered.
 */
export function EndpointCard({ doc, endpoint, token, revealToken }: EndpointViewProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [testing, setTesting] = useState(false);
  // Mounted once opened, then only hidden: closing keeps what the tester holds.
  const [mounted, setMounted] = useState(false);
  const { operation } = endpoint;
  const headingId = `${id}-heading`;
  const bodyId = `${id}-body`;

  function toggle(next = !open) {
    setOpen(next);
    if (next) setMounted(true);
  }
  function test() {
    toggle(true);
    setTesting(true);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2 p-3">
        <h3 id={headingId} className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => toggle()}
            className="flex w-full min-w-0 items-start gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ChevronRight
              className={`mt-1 size-4 shrink-0 text-slate-600 transition-transform ${open ? "rotate-90" : ""}`}
              aria-hidden="true"
            />
            <MethodBadge method={endpoint.method} />{" "}
            <span className="min-w-0 font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
              <PathText path={endpoint.path} />
            </span>
          </button>
        </h3>
        <div className="flex items-center gap-2">
          {needsToken(operation) && (
            <span className="inline-flex items-center gap-1 text-xs text-slate-600" title="Needs the bearer token">
              <Lock className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Needs the token</span>
            </span>
          )}
          <button
            type="button"
            className={adminButton.small}
            aria-pressed={testing && open}
            onClick={() => (testing && open ? setTesting(false) : test())}
          >
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Test
          </button>
        </div>
        {operation.summary && <p className="w-full pl-6 text-sm text-slate-700">{operation.summary}</p>}
      </div>

      <div id={bodyId} hidden={!open} className="grid gap-5 border-t border-slate-200 p-3 sm:p-4">
        {mounted && (
          <>
            {testing && (
              <div className="grid gap-2">
                <h4 className={subheading}>Test</h4>
                <Tester doc={doc} endpoint={endpoint} token={token} />
              </div>
            )}
            <Details doc={doc} endpoint={endpoint} />
            <div className="grid gap-2">
              <h4 className={subheading}>Usage examples</h4>
              <UsageExamples doc={doc} endpoint={endpoint} token={token} revealToken={revealToken} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function Details({ doc, endpoint }: { doc: OpenApiDocument; endpoint: Endpoint }) {
  const { operation } = endpoint;
  const params = operation.parameters ?? [];
  const requestContent = Object.entries(operation.requestBody?.content ?? {});
  const responses = Object.entries(operation.responses ?? {});
  return (
    <>
      {operation.description && (
        <p className="text-sm text-slate-700">
          <DocText text={operation.description} />
        </p>
      )}
      {isWebSocket(operation) && (
        <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          A WebSocket: Test opens it, and the 101 answer below is each frame it pushes.
        </p>
      )}
      {isMultipart(operation) && (
        <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          An upload: Test sends a real file from your computer. The Media screen uploads the same way.
        </p>
      )}

      <div className="grid gap-2">
        <h4 className={subheading}>Parameters</h4>
        {params.length === 0 ? (
          <p className="text-sm text-slate-600">None.</p>
        ) : (
          <div
            className="overflow-x-auto"
            role="region"
            aria-label={`Parameters of ${endpoint.key}`}
            // Focusable so keyboard users can scroll a wide table on a phone.
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <table className="w-full min-w-[28rem] text-left text-xs">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    In
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    Required
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    Description
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {params.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td className="px-2 py-1.5 font-mono font-semibold text-slate-900">{p.name}</td>
                    <td className="px-2 py-1.5 text-slate-700">{p.in}</td>
                    <td className="px-2 py-1.5 text-slate-700">{p.required ? "yes" : "no"}</td>
                    <td className="px-2 py-1.5 font-mono break-all text-brand-800">{typeLabel(doc, p.schema)}</td>
                    <td className="px-2 py-1.5 text-slate-700">
                      <DocText text={p.description ?? p.schema?.description ?? ""} />
                      {p.schema?.default !== undefined && ` Default ${JSON.stringify(p.schema.default)}.`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {requestContent.length > 0 && (
        <div className="grid gap-2">
          <h4 className={subheading}>Request body</h4>
          {operation.requestBody?.description && (
            <p className="text-sm text-slate-700">
              <DocText text={operation.requestBody.description} />
            </p>
          )}
          {requestContent.map(([type, media]) => (
            <div key={type} className="grid gap-1">
              <p className="font-mono text-xs text-slate-700">
                {type}
                {operation.requestBody?.required ? "" : " (optional)"}
              </p>
              <SchemaView doc={doc} schema={media.schema} />
            </div>
          ))}
        </div>
      )}

      <div className="grid gap-2">
        <h4 className={subheading}>Responses</h4>
        <ul className="grid gap-3">
          {responses.map(([status, response]) => (
            <li key={status} className="grid gap-1">
              <p className="flex flex-wrap items-baseline gap-2 text-sm">
                <span
                  className={`rounded-md px-1.5 py-0.5 font-mono text-xs font-bold ${STATUS_BADGE_CLASS[statusTone(status)]}`}
                >
                  {status}
                </span>
                <span className="text-slate-700">
                  <DocText text={response.description ?? ""} />
                </span>
              </p>
              {Object.entries(response.content ?? {})
                .filter(([type], index) => index === 0 || type.includes("json"))
                .map(([type, media]) => (
                  <div key={type} className="grid gap-1 pl-2">
                    <p className="font-mono text-xs text-slate-600">
                      {type}
                      {Object.keys(response.content ?? {}).length > 1 && !type.includes("json")
                        ? ` (and ${Object.keys(response.content ?? {}).length - 1} other types)`
                        : ""}
                    </p>
                    <SchemaView doc={doc} schema={media.schema} collapsed={!/^[12]/.test(status)} />
                  </div>
                ))}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
