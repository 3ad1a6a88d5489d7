import { useId, useRef, useState } from "react";
import { AlertTriangle, Send } from "lucide-react";
import { adminButton, inputClass, labelClass } from "~/components/admin/ui/styles";
import { exampleBody, fillPath, multipartFields, parameterExample } from "./examples";
import { STATUS_PANEL_CLASS, statusTone } from "./labels";
import { isMultipart, isWebSocket, type Endpoint, type OpenApiDocument } from "./openapi";
import { sendTestRequest, type TestAnswer } from "./send";
import { SocketTest } from "./socket-test";

/** Endpoints whose test has a lasting effect worth a word before sending. */
const CAUTION: Record<string, string> = {
  "POST /api/auth/logout": "Sent with your own token, this signs you out of the back office.",
  "POST /api/migrate/portfolio": "This overwrites the portfolio projects that have the same slug as a shipped one.",
  "POST /api/migrate/blog": "This overwrites the blog posts that have the same slug as a shipped one.",
};
const cautionFor = (endpoint: Endpoint) =>
  CAUTION[endpoint.key] ?? (endpoint.method === "delete" ? "This really deletes: use an id you can spare." : null);

/**
 * The Test panel (docs/product/api-docs.md "The tester"): the endpoint's path and query parameters,
 * its JSON body (prefilled with the document's example) or upload form, and Send, which makes the
 * real request with the token field's token. The answer shows its status and text: 2xx green, 4xx
 * yellow, 5xx red; 'Error: {message}' when the server cannot be reached.
 */
export function Tester({ doc, endpoint, token }: { doc: OpenApiDocument; endpoint: Endpoint; token: string }) {
  const id = useId();
  const params = endpoint.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query" && p.name !== "token");
  const [pathValues, setPathValues] = useState(() =>
    Object.fromEntries(pathParams.map((p) => [p.name, parameterExample(p)])),
  );
  const [queryValues, setQueryValues] = useState(() =>
    Object.fromEntries(queryParams.map((p) => [p.name, p.required ? parameterExample(p) : ""])),
  );
  const [body, setBody] = useState(() => exampleBody(doc, endpoint));
  const fields = isMultipart(endpoint.operation) ? multipartFields(doc, endpoint) : [];
  const [formValues, setFormValues] = useState(() =>
    // Only the required text fields start filled: an example project would be refused as unknown.
    Object.fromEntries(fields.filter((f) => !f.file).map((f) => [f.name, f.required ? f.example : ""])),
  );
  const fileInputs = useRef<Record<string, HTMLInputElement | null>>({});
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const socket = isWebSocket(endpoint.operation);

  const path = fillPath(endpoint.path, pathValues);
  const query = new URLSearchParams(Object.entries(queryValues).filter(([, value]) => value !== ""));
  const url = `${path}${query.size ? `?${query}` : ""}`;
  const bodyProblem = body !== undefined && body.trim() !== "" && !isJson(body) ? "The body is not valid JSON." : null;
  const caution = cautionFor(endpoint);

  async function send() {
    setBusy(true);
    let payload: FormData | string | undefined;
    if (fields.length) {
      const form = new FormData();
      for (const field of fields) {
        if (field.file) {
          const file = fileInputs.current[field.name]?.files?.[0];
          if (file) form.append(field.name, file);
        } else if (formValues[field.name]) form.append(field.name, formValues[field.name]!);
      }
      payload = form;
    } else if (body !== undefined && endpoint.method !== "get") payload = body;
    setAnswer(await sendTestRequest({ method: endpoint.method.toUpperCase(), url, token, body: payload }));
    setBusy(false);
  }

  return (
    <div className="grid gap-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      {caution && (
        <p className="flex items-start gap-2 text-sm text-yellow-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {caution}
        </p>
      )}
      {pathParams.length + queryParams.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {pathParams.map((p) => (
            <TextField
              key={`path-${p.name}`}
              id={`${id}-path-${p.name}`}
              label={`${p.name} (path)`}
              required
              value={pathValues[p.name] ?? ""}
              onChange={(value) => setPathValues((all) => ({ ...all, [p.name]: value }))}
            />
          ))}
          {queryParams.map((p) => (
            <TextField
              key={`query-${p.name}`}
              id={`${id}-query-${p.name}`}
              label={`${p.name} (query)`}
              required={p.required}
              placeholder={parameterExample(p)}
              choices={p.schema?.enum?.map(String)}
              value={queryValues[p.name] ?? ""}
              onChange={(value) => setQueryValues((all) => ({ ...all, [p.name]: value }))}
            />
          ))}
        </div>
      )}

      {fields.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className={`${labelClass} mb-2`}>Upload form (multipart/form-data)</legend>
          {fields.map((field) =>
            field.file ? (
              <div key={field.name}>
                <label htmlFor={`${id}-form-${field.name}`} className={labelClass}>
                  {field.name}
                  {field.required && <span aria-hidden="true"> *</span>}
                </label>
                <input
                  id={`${id}-form-${field.name}`}
                  ref={(input) => {
                    fileInputs.current[field.name] = input;
                  }}
                  type="file"
                  className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-1.5 file:text-slate-900"
                />
              </div>
            ) : (
              <TextField
                key={field.name}
                id={`${id}-form-${field.name}`}
                label={field.name}
                required={field.required}
                placeholder={field.example}
                value={formValues[field.name] ?? ""}
                onChange={(value) => setFormValues((all) => ({ ...all, [field.name]: value }))}
              />
            ),
          )}
        </fieldset>
      )}

      {body !== undefined && fields.length === 0 && (
        <div>
          <label htmlFor={`${id}-body`} className={labelClass}>
            Request body (JSON)
          </label>
          <textarea
            id={`${id}-body`}
            className={`${inputClass} mt-1 font-mono text-xs`}
            rows={Math.min(16, Math.max(4, body.split("\n").length + 1))}
            spellCheck={false}
            value={body}
            aria-describedby={bodyProblem ? `${id}-body-problem` : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          {bodyProblem && (
            <p id={`${id}-body-problem`} className="mt-1 text-xs text-yellow-900">
              {bodyProblem} It is sent as typed; the server will say what is wrong.
            </p>
          )}
        </div>
      )}

      {socket ? (
        <SocketTest url={url} token={token} protocol={endpoint.path.startsWith("/api/projects/")} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className={adminButton.primary} disabled={busy} onClick={() => void send()}>
              <Send className="size-4" aria-hidden="true" />
              {busy ? "Sending..." : "Send"}
            </button>
            <code className="min-w-0 font-mono text-xs break-all text-slate-700">
              {endpoint.method.toUpperCase()} {url}
            </code>
          </div>
          <AnswerView answer={answer} />
        </>
      )}
    </div>
  );
}

function isJson(text: string) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A parameter's or form field's input; a list of allowed values is a select, whose first choice sends nothing. */
function TextField({
  id,
  label,
  value,
  onChange,
  required = false,
  placeholder,
  choices,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  placeholder?: string;
  choices?: string[];
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {choices ? (
        <select
          id={id}
          className={`${inputClass} mt-1 font-mono`}
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{required ? "Choose one" : "(not sent)"}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className={`${inputClass} mt-1 font-mono`}
          value={value}
          required={required}
          placeholder={placeholder ? `e.g. ${placeholder}` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/** The answer: status code and text, coloured by class; or the network error. */
function AnswerView({ answer }: { answer: TestAnswer | null }) {
  return (
    <div role="status" aria-live="polite" aria-label="Response">
      {answer && "error" in answer && (
        <p className={`rounded-lg border p-3 text-sm font-medium ${STATUS_PANEL_CLASS.red}`}>Error: {answer.error}</p>
      )}
      {answer && "status" in answer && (
        <div
          className={`rounded-lg border ${STATUS_PANEL_CLASS[statusTone(answer.status)]}`}
          data-tone={statusTone(answer.status)}
        >
          <p className="flex flex-wrap items-baseline gap-x-3 border-b border-current/20 px-3 py-2 text-sm">
            <span className="font-mono text-base font-bold">
              {answer.status} {answer.statusText}
            </span>
            <span className="text-xs">
              {answer.contentType || "no content type"} · {answer.ms} ms
            </span>
          </p>
          <pre
            // Focusable so keyboard users can scroll a long answer.
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label="Response body"
            className="max-h-96 overflow-auto bg-white/70 p-3 font-mono text-xs whitespace-pre-wrap break-words text-slate-900"
          >
            {answer.text || "(empty body)"}
          </pre>
        </div>
      )}
    </div>
  );
}
