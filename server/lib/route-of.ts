import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { EndpointShape } from "~/contracts/endpoint";
import { accessStep } from "./access-step";
import { limitCalls, tooManyCalls, type CallKind } from "./call-limits";

/**
 * The server's half of an endpoint descriptor (app/contracts/endpoint.ts): its OpenAPI route,
 * with the path and the schemas written once, in the descriptor. The route adds what only the
 * documentation needs: tags, a summary, what the answer means and which errors it can give.
 * An admin or portal endpoint is documented with the bearer token (the admin's or the portal
 * session's), and its access step is installed from the descriptor (server/lib/access-step.ts).
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
type BodyTypeOf<E extends EndpointShape> = E extends { bodyType: "multipart" }
  ? "multipart/form-data"
  : E extends { bodyType: "json-or-form" }
    ? "application/json" | "application/x-www-form-urlencoded"
    : "application/json";
type Body<S, T extends string = "application/json"> = S extends z.ZodType
  ? { content: { [K in T]: { schema: S } }; required?: boolean; description?: string }
  : undefined;

export interface RouteDoc<
  X,
  C extends z.ZodObject | undefined = undefined,
  H extends z.ZodObject | undefined = undefined,
> {
  tags: string[];
  summary: string;
  description?: string;
  /** What the 2xx answer means. */
  answer: string;
  /** The other answers: errorResponses(...), a 304, a 202's alternatives. */
  responses?: X;
  /** Cookies the route reads (checked like any input): the browser sends them itself, so no caller names them. */
  cookies?: C;
  /** The headers the 2xx answer sets (a Set-Cookie), for the document. */
  answerHeaders?: H;
  /**
   * A stored file served in its own type (the descriptor's contentType is the wildcard): each
   * type it may come in, documented with the descriptor's answer.
   */
  answerTypes?: readonly string[];
  /** What the request body is, for the document. */
  bodyDescription?: string;
  /** Steps run before the request's checks (e.g. reading a body that may be a form post). */
  middleware?: MiddlewareHandler | MiddlewareHandler[];
  /**
   * A call one token could stall the site with (server/lib/call-limits.ts): its limits run first,
   * before the route's own steps, and its 429 is documented (beside any 429 the route gives itself).
   */
  limit?: CallKind;
}

type Cookies<C> = C extends z.ZodObject ? { cookies: C } : unknown;
type AnswerHeaders<H> = H extends z.ZodObject ? { headers: H } : unknown;

export type RouteOf<E extends EndpointShape, X, C = undefined, H = undefined> = {
  method: E["method"];
  path: E["path"];
  tags: string[];
  summary: string;
  description?: string;
  security?: { bearerAuth: never[] }[];
  request: {
    params: Field<E, "params">;
    query: Field<E, "query">;
    body: Body<Field<E, "body">, BodyTypeOf<E>>;
  } & Cookies<C>;
  responses: { [K in StatusOf<E>]: Answer<E> & AnswerHeaders<H> } & X;
} & { getRoutingPath(): string };

export function routeOf<
  const E extends EndpointShape,
  const X extends object = object,
  const C extends z.ZodObject | undefined = undefined,
  const H extends z.ZodObject | undefined = undefined,
>(endpoint: E, doc: RouteDoc<X, C, H>): RouteOf<E, X, C, H> {
  const request: Record<string, unknown> = {};
  if (endpoint.params) request.params = endpoint.params;
  if (endpoint.query) request.query = endpoint.query;
  const bodyTypes =
    endpoint.bodyType === "multipart"
      ? ["multipart/form-data"]
      : endpoint.bodyType === "json-or-form"
        ? ["application/json", "application/x-www-form-urlencoded"]
        : ["application/json"];
  if (endpoint.body)
    request.body = {
      content: Object.fromEntries(bodyTypes.map((type) => [type, { schema: endpoint.body }])),
      // JSON or a form post is not marked required: zod-openapi would then check every request
      // against both media types.
      ...(endpoint.bodyType === "json-or-form" ? {} : { required: !endpoint.optionalBody }),
      ...(doc.bodyDescription ? { description: doc.bodyDescription } : {}),
    };
  const answerTypes = doc.answerTypes ?? [endpoint.contentType ?? "application/json"];
  if (doc.cookies) request.cookies = doc.cookies;
  // The call limits first (a flood is refused before any token is looked up), then who may call
  // (the descriptor's access, enforced here for every route), then the route's own steps.
  // A WebSocket's access is checked on its upgrade (server/realtime), where its token may come as
  // a subprotocol; its plain HTTP route only answers 426.
  const access = endpoint.status === 101 ? undefined : accessStep(endpoint.access);
  const middleware = [
    ...(doc.limit ? [limitCalls(doc.limit)] : []),
    ...(access ? [access] : []),
    ...[doc.middleware ?? []].flat(),
  ];
  const route = createRoute({
    method: endpoint.method,
    path: endpoint.path,
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(endpoint.access !== "public" ? { security: [{ bearerAuth: [] }] } : {}),
    ...(middleware.length ? { middleware } : {}),
    request,
    responses: {
      [endpoint.status ?? 200]: {
        description: doc.answer,
        content: Object.fromEntries(answerTypes.map((type) => [type, { schema: endpoint.answer }])),
        ...(doc.answerHeaders ? { headers: doc.answerHeaders } : {}),
      },
      ...doc.responses,
      ...(doc.limit ? limitAnswer(doc.limit, doc.responses) : {}),
    },
  });
  return route as unknown as RouteOf<E, X, C, H>;
}

/** A limited route's 429: the limits' own, and the route's own reasons for a 429 when it has some. */
function limitAnswer(kind: CallKind, responses: object | undefined) {
  const limited = tooManyCalls(kind);
  const own = (responses as Record<number, { description?: string }> | undefined)?.[429]?.description;
  return own ? { 429: { ...limited[429], description: `${own}; or ${limited[429].description}` } } : limited;
}
