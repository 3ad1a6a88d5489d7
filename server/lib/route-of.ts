import { createRoute } from "@hono/zod-openapi";
import type { z } from "zod";
import type { EndpointShape } from "~/contracts/endpoint";

/**
 * The server's half of an endpoint descriptor (app/contracts/endpoint.ts): its OpenAPI route,
 * with the path and the schemas written once, in the descriptor. The route adds what only the
 * documentation needs: tags, a summary, what the answer means and which errors it can give.
 * An admin endpoint is documented with the bearer token.
 */

type ContentTypeOf<E extends EndpointShape> = E extends { contentType: infer T extends string }
  ? T
  : "application/json";
type StatusOf<E extends EndpointShape> = E extends { status: infer S extends number } ? S : 200;
type Field<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
type Answer<E extends EndpointShape> = {
  description: string;
  content: { [K in ContentTypeOf<E>]: { schema: E["answer"] } };
};
type Body<S> = S extends z.ZodType
  ? { content: { "application/json": { schema: S } }; required: true; description?: string }
  : undefined;

export interface RouteDoc<X> {
  tags: string[];
  summary: string;
  description?: string;
  /** What the 2xx answer means. */
  answer: string;
  /** The other answers: errorResponses(...), a 304, a 202's alternatives. */
  responses?: X;
}

export type RouteOf<E extends EndpointShape, X> = {
  method: E["method"];
  path: E["path"];
  tags: string[];
  summary: string;
  description?: string;
  security?: { bearerAuth: never[] }[];
  request: { params: Field<E, "params">; query: Field<E, "query">; body: Body<Field<E, "body">> };
  responses: { [K in StatusOf<E>]: Answer<E> } & X;
} & { getRoutingPath(): string };

export function routeOf<const E extends EndpointShape, const X extends object = object>(
  endpoint: E,
  doc: RouteDoc<X>,
): RouteOf<E, X> {
  const request: Record<string, unknown> = {};
  if (endpoint.params) request.params = endpoint.params;
  if (endpoint.query) request.query = endpoint.query;
  if (endpoint.body) request.body = { content: { "application/json": { schema: endpoint.body } }, required: true };
  const route = createRoute({
    method: endpoint.method,
    path: endpoint.path,
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(endpoint.access === "admin" ? { security: [{ bearerAuth: [] }] } : {}),
    request,
    responses: {
      [endpoint.status ?? 200]: {
        description: doc.answer,
        content: { [endpoint.contentType ?? "application/json"]: { schema: endpoint.answer } },
      },
      ...doc.responses,
    },
  });
  return route as unknown as RouteOf<E, X>;
}
