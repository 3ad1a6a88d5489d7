import {
  isMultipart,
  isWebSocket,
  needsToken,
  resolveSchema,
  type Endpoint,
  type OpenApiDocument,
  type ParameterObject,
  type SchemaObject,
} from "./openapi";
import { PROJECT_EVENTS_PROTOCOL } from "~/contracts/project-events";

/**
 * Examples built from the document: a request body from the schema's own example, or, where it
 * has none, from its properties' examples; and the curl and fetch lines that send it.
 */
export function exampleOf(doc: OpenApiDocument, schema: SchemaObject | undefined, seen = new Set<string>()): unknown {
  if (!schema) return undefined;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return undefined;
    const { schema: target } = resolveSchema(doc, schema);
    return exampleOf(doc, target, new Set([...seen, schema.$ref]));
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const useful = branches.filter((branch) => branch.type !== "null");
    return exampleOf(doc, useful[0] ?? branches[0], seen);
  }
  if (schema.allOf)
    return Object.assign(
      {},
      ...schema.allOf.map((part) => exampleOf(doc, part, seen)).filter((part) => part && typeof part === "object"),
    ) as Record<string, unknown>;
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : [schema.type];
  switch (types[0] ?? (schema.properties ? "object" : undefined)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const value = exampleOf(doc, property, seen);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case "array": {
      const item = exampleOf(doc, schema.items, seen);
      return item === undefined ? [] : [item];
    }
    case "string":
      if (schema.format === "date-time") return "2026-01-15T14:30:00.000Z";
      if (schema.format === "date") return "2026-01-15";
      if (schema.format === "email") return "owner@example.com";
      if (schema.format === "binary") return undefined;
      return schema.minLength ? "x".repeat(schema.minLength) : "";
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return undefined;
  }
}

/** A parameter's example value as text ("" when it has none). */
export function parameterExample(param: ParameterObject): string {
  const value = param.example ?? param.schema?.example ?? (param.schema?.enum ? param.schema.enum[0] : undefined);
  return value === undefined || value === null ? "" : String(value);
}

/** The request body's JSON example, pretty-printed; undefined when the endpoint takes no JSON body. */
export function exampleBody(doc: OpenApiDocument, endpoint: Endpoint): string | undefined {
  const media = endpoint.operation.requestBody?.content?.["application/json"];
  if (!media) return undefined;
  const value = media.example ?? exampleOf(doc, media.schema);
  return JSON.stringify(value ?? {}, null, 2);
}

/** The path with each path parameter's value put in (encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    values[name] ? encodeURIComponent(values[name]) : whole,
  );
}

/** The endpoint's address with its example path parameters and required query parameters. */
export function exampleUrl(origin: string, endpoint: Endpoint): string {
  const params = endpoint.operation.parameters ?? [];
  const path = fillPath(
    endpoint.path,
    Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, parameterExample(p)])),
  );
  const query = new URLSearchParams(
    params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, parameterExample(p)]),
  );
  return `${origin}${path}${query.size ? `?${query}` : ""}`;
}

/** Text in single quotes for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The multipart form's fields: the file fields and the text fields with their examples. */
export function multipartFields(doc: OpenApiDocument, endpoint: Endpoint) {
  const { schema } = resolveSchema(doc, endpoint.operation.requestBody?.content?.["multipart/form-data"]?.schema);
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => {
    const { schema: resolved } = resolveSchema(doc, property);
    return {
      name,
      file: resolved?.format === "binary",
      required: schema?.required?.includes(name) ?? false,
      description: resolved?.description,
      example: resolved?.format === "binary" ? "" : String(exampleOf(doc, resolved) ?? ""),
    };
  });
}

export interface UsageExample {
  label: string;
  code: string;
}

/** Whether the endpoint's success answer is JSON (a file is read as a blob instead). */
function answersJson(endpoint: Endpoint): boolean {
  const ok = Object.entries(endpoint.operation.responses ?? {}).find(([status]) => status.startsWith("2"));
  const types = Object.keys(ok?.[1].content ?? {});
  return types.length === 0 || types.some((type) => type.includes("json"));
}

/** The token header, when the endpoint needs the token and one is given. */
const tokenFor = (endpoint: Endpoint, token: string) => (needsToken(endpoint.operation) && token ? token : "");

/** curl and fetch (for a WebSocket: the handshake with curl, and the browser's WebSocket). */
export function usageExamples(doc: OpenApiDocument, endpoint: Endpoint, origin: string, token: string): UsageExample[] {
  const url = exampleUrl(origin, endpoint);
  const bearer = tokenFor(endpoint, token);
  const method = endpoint.method.toUpperCase();

  if (isWebSocket(endpoint.operation)) {
    const socketUrl = url.replace(/^http/, "ws");
    const protocol = bearer && endpoint.path.startsWith("/api/projects/");
    const curlLines = [
      `curl -i -N ${shellQuote(url)}`,
      `  -H 'Connection: Upgrade' -H 'Upgrade: websocket'`,
      `  -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='`,
      ...(protocol ? [`  -H ${shellQuote(`Sec-WebSocket-Protocol: ${PROJECT_EVENTS_PROTOCOL}, ${bearer}`)}`] : []),
    ];
    const js = [
      protocol
        ? `const socket = new WebSocket(${JSON.stringify(socketUrl)}, [${JSON.stringify(PROJECT_EVENTS_PROTOCOL)}, ${JSON.stringify(bearer)}]);`
        : `const socket = new WebSocket(${JSON.stringify(socketUrl)});`,
      `socket.addEventListener("message", (event) => console.log(JSON.parse(event.data)));`,
    ];
    return [
      { label: "curl", code: curlLines.join(" \\\n") },
      { label: "WebSocket", code: js.join("\n") },
    ];
  }

  const curl = [`curl${method === "GET" ? "" : ` -X ${method}`} ${shellQuote(url)}`];
  const headers: Record<string, string> = {};
  if (bearer) {
    curl.push(`  -H ${shellQuote(`Authorization: Bearer ${bearer}`)}`);
    headers.Authorization = `Bearer ${bearer}`;
  }
  let fetchBody: string | undefined;
  if (isMultipart(endpoint.operation)) {
    const fields = multipartFields(doc, endpoint);
    for (const field of fields)
      curl.push(`  -F ${shellQuote(field.file ? `${field.name}=@photo.jpg` : `${field.name}=${field.example}`)}`);
    fetchBody = [
      "const form = new FormData();",
      ...fields.map((field) =>
        field.file
          ? `form.append(${JSON.stringify(field.name)}, fileInput.files[0]);`
          : `form.append(${JSON.stringify(field.name)}, ${JSON.stringify(field.example)});`,
      ),
    ].join("\n");
  } else {
    const body = exampleBody(doc, endpoint);
    if (body !== undefined) {
      curl.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(body)}`);
      headers["Content-Type"] = "application/json";
      fetchBody = body;
    }
  }

  const init: string[] = [];
  if (method !== "GET") init.push(`  method: ${JSON.stringify(method)},`);
  if (Object.keys(headers).length) init.push(`  headers: ${JSON.stringify(headers, null, 2).replace(/\n/g, "\n  ")},`);
  const multipart = isMultipart(endpoint.operation);
  if (fetchBody !== undefined)
    init.push(multipart ? "  body: form," : `  body: JSON.stringify(${fetchBody.replace(/\n/g, "\n  ")}),`);
  const call = init.length
    ? `const res = await fetch(${JSON.stringify(url)}, {\n${init.join("\n")}\n});`
    : `const res = await fetch(${JSON.stringify(url)});`;
  const read = answersJson(endpoint) ? "const data = await res.json();" : "const file = await res.blob();";
  const fetchCode = [multipart ? fetchBody : undefined, call, read].filter((line) => line !== undefined).join("\n");
  return [
    { label: "curl", code: curl.join(" \\\n") },
    { label: "fetch", code: fetchCode },
  ];
}
