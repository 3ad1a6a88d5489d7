/**
 * The app's own OpenAPI document (/api/openapi.json, built from the route contracts), read at run
 * time by the API documentation screen (docs/product/api-docs.md "The screen"), so the screen can
 * never disagree with the code. Only the parts the screen shows are typed here.
 */
export const OPENAPI_PATH = "/api/openapi.json";

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: SchemaObject;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
}

export interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaTypeObject> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaTypeObject> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Endpoint {
  /** "GET /api/admin/contacts": unique, and how the screen names an endpoint. */
  key: string;
  method: HttpMethod;
  path: string;
  tag: string;
  operation: OperationObject;
}

export interface TagGroup {
  tag: string;
  endpoints: Endpoint[];
}

/** Fetches the document; a failure says what went wrong (the screen shows it with a retry). */
export async function loadOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  let res: Response;
  try {
    res = await fetch(OPENAPI_PATH, { headers: { Accept: "application/json" }, signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new Error("Could not load the API document: the server could not be reached. Check your connection.", {
      cause: error,
    });
  }
  if (!res.ok) throw new Error(`Could not load the API document (HTTP ${res.status}). Reload the page to try again.`);
  const doc = (await res.json()) as Partial<OpenApiDocument>;
  if (typeof doc.openapi !== "string" || !doc.info || !doc.paths)
    throw new Error("The server's API document is not an OpenAPI document.");
  return doc as OpenApiDocument;
}

/** Every operation, grouped by its first tag, the groups and their endpoints in the document's order. */
export function groupByTag(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      const list = groups.get(tag) ?? [];
      list.push({ key: `${method.toUpperCase()} ${path}`, method, path, tag, operation });
      groups.set(tag, list);
    }
  }
  return [...groups].map(([tag, endpoints]) => ({ tag, endpoints }));
}

/** Whether an endpoint answers every word of a search (method, path, summary or tag). */
export function matchesFilter(endpoint: Endpoint, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${endpoint.key} ${endpoint.operation.summary ?? ""} ${endpoint.tag}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The component name of a `#/components/schemas/Name` reference. */
export const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A schema with its reference followed (a few hops at most), and the name it had. */
export function resolveSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): { schema: SchemaObject | undefined; name?: string } {
  let current = schema;
  let name: string | undefined;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    name = refName(current.$ref);
    current = doc.components?.schemas?.[name];
  }
  return { schema: current, name };
}

const typesOf = (schema: SchemaObject): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A one-line type: `string (date-time)`, `Contact[]`, `"new" | "won"`, `integer | null`. */
export function typeLabel(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (depth > 4) return "…";
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.map((branch) => typeLabel(doc, branch, depth + 1)).join(" | ");
  if (schema.allOf) return schema.allOf.map((branch) => typeLabel(doc, branch, depth + 1)).join(" & ");
  const types = typesOf(schema);
  if (types.length === 0) return schema.properties ? "object" : "any";
  return types
    .map((type) => {
      if (type === "array") {
        const item = typeLabel(doc, schema.items, depth + 1);
        return item.includes(" ") ? `(${item})[]` : `${item}[]`;
      }
      if (type === "string" && schema.format) return `string (${schema.format})`;
      if (type === "object" && !schema.properties && typeof schema.additionalProperties === "object")
        return `map of ${typeLabel(doc, schema.additionalProperties, depth + 1)}`;
      return type;
    })
    .join(" | ");
}

/** Limits worth a reader's eye: 1-200 characters, 0-100, a pattern, a default. */
export function constraintsOf(schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(`${schema.minLength ?? 0}-${schema.maxLength ?? "…"} characters`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    out.push(`${schema.minimum ?? "…"} to ${schema.maximum ?? "…"}`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The schema's object properties, through references, intersections and a nullable union. */
export function objectShape(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): { properties: Record<string, SchemaObject>; required: string[] } | undefined {
  const { schema: s } = resolveSchema(doc, schema);
  if (!s) return undefined;
  if (s.properties) return { properties: s.properties, required: s.required ?? [] };
  if (s.allOf) {
    const parts = s.allOf.map((part) => objectShape(doc, part)).filter((part) => part !== undefined);
    if (parts.length === 0) return undefined;
    return {
      properties: Object.assign({}, ...parts.map((part) => part.properties)) as Record<string, SchemaObject>,
      required: parts.flatMap((part) => part.required),
    };
  }
  const branches = (s.anyOf ?? s.oneOf ?? []).filter((branch) => !typesOf(branch).includes("null"));
  if (branches.length === 1) return objectShape(doc, branches[0]);
  return undefined;
}

/** What a schema holds that can be opened: an object's fields, an array's items, a union's branches. */
export function childrenOf(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
):
  | { kind: "object"; properties: Record<string, SchemaObject>; required: string[] }
  | { kind: "items"; items: SchemaObject }
  | { kind: "union"; branches: SchemaObject[] }
  | undefined {
  const { schema: s } = resolveSchema(doc, schema);
  if (!s) return undefined;
  const shape = objectShape(doc, s);
  if (shape && Object.keys(shape.properties).length > 0) return { kind: "object", ...shape };
  if (s.items) return childrenOf(doc, s.items) ? { kind: "items", items: s.items } : undefined;
  const branches = (s.anyOf ?? s.oneOf ?? []).filter((branch) => childrenOf(doc, branch));
  if (branches.length > 1) return { kind: "union", branches };
  if (branches.length === 1) return childrenOf(doc, branches[0]);
  if (typeof s.additionalProperties === "object" && childrenOf(doc, s.additionalProperties))
    return { kind: "items", items: s.additionalProperties };
  return undefined;
}

/** Whether an operation needs the bearer token (the document's `security`). */
export const needsToken = (operation: OperationObject) => (operation.security?.length ?? 0) > 0;

/** A WebSocket is documented as the GET whose 101 response is each frame it pushes. */
export const isWebSocket = (operation: OperationObject) => Boolean(operation.responses?.["101"]);

/** An upload: its request body is a multipart form. */
export const isMultipart = (operation: OperationObject) =>
  Boolean(operation.requestBody?.content?.["multipart/form-data"]);
