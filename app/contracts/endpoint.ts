import type { z } from "zod";

/**
 * One API operation as plain data: what the server serves (server/lib/route-of.ts builds its
 * OpenAPI route from it) and what the browser calls (app/lib/api/call.ts). Nothing here knows
 * Hono: a descriptor is a method, a path, its Zod schemas and who may call it.
 */

/**
 * Who may call: anyone, a client signed in to the portal, the owner with an admin token, or either
 * of the last two for one project (`project`: its comments). The server enforces it from here
 * (server/lib/route-of.ts): a route's handler checks only whether the record is the caller's.
 */
export type Access = "public" | "portal" | "admin" | "project";
export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface EndpointShape {
  method: Method;
  /** OpenAPI style: `/api/admin/contacts/{id}`. */
  path: `/api/${string}`;
  access: Access;
  /** The path parameters, one key per `{name}` in the path. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, or the fields of a multipart form (see `bodyType`). */
  body?: z.ZodType;
  /**
   * How the body travels: JSON unless said. `"multipart"`: multipart/form-data, an upload's file
   * and its text fields, `body` being the form's schema. `"json-or-form"`: JSON from a page, or the
   * same fields as a plain form post (application/x-www-form-urlencoded) from a page without
   * JavaScript; neither is required by the check, so the route itself refuses a missing body.
   */
  bodyType?: "json" | "multipart" | "json-or-form";
  /** The body may be left out (the route then takes its defaults). */
  optionalBody?: true;
  /** The 2xx answer. */
  answer: z.ZodType;
  /** The 2xx status: 200 unless said; 101 for a WebSocket (`answer` is each frame it pushes). */
  status?: 101 | 200 | 201 | 202;
  /**
   * The answer's media type: JSON (checked against `answer` by the caller) unless said. A download
   * (`text/csv`, `application/gzip`) is streamed; `answer` then documents its body. A stored
   * file served in its own type gives the wildcard type (the route's documentation lists each).
   */
  contentType?: `${string}/${string}`;
}

/** Declares an endpoint, keeping its literal types (the path, the method, the exact schemas). */
export const endpoint = <const E extends EndpointShape>(descriptor: E): E => descriptor;

/** The body a caller sends: the schema's input type (defaults may be left out). */
export type BodyOf<E extends EndpointShape> = E extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
export type QueryOf<E extends EndpointShape> = E extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
export type ParamsOf<E extends EndpointShape> = E extends { params: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** What the caller gets back, parsed. */
export type AnswerOf<E extends EndpointShape> = z.output<E["answer"]>;

/** `/api/x/{id}` with `{ id: 4 }` -> `/api/x/4` (each value encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`${path}: the path parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
}
