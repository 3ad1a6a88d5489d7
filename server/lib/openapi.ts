import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "./app-env";
import { validationErrorBody } from "./http-errors";

/**
 * The pieces every `server/api/<resource>/<resource>.routes.ts` builds its contract from
 * (server/api/README.md). Schemas the browser also reads live in `app/lib/` as plain Zod with
 * `.meta({ id, example })`; the OpenAPI document takes its component names and examples from
 * that metadata.
 */

/** Every API error: `{ error }` says what is wrong and what to do; `fields` names each field at fault. */
export const ErrorSchema = z
  .object({
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({
    id: "Error",
    example: {
      error: "Invalid request: email: Enter a valid email address",
      fields: { email: "Enter a valid email address" },
    },
  });

/** A JSON response (or a 2xx answer) with its schema and what it means. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** An error answer that always says, in Retry-After, how many seconds to wait (a 429, a 503). */
export const retryLater = (meaning: string) => ({
  ...json(ErrorSchema, meaning),
  headers: z.object({
    "Retry-After": z.string().meta({ description: "Seconds to wait before trying again", example: "30" }),
  }),
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  body: { content: { "application/json": { schema } }, required: true as const, description },
});

const ERROR_MEANINGS = {
  400: "Invalid input: `error` names each field, `fields` maps each one to its message",
  401: "No valid admin token: sign in again",
  403: "Signed in, but this is not allowed",
  404: "Not found",
  409: "Conflicts with what is stored",
  413: "Too large",
  415: "Unsupported content type",
  426: "A WebSocket: open it with a WebSocket client (Upgrade: websocket)",
  429: "Too many requests: see Retry-After",
  503: "Busy or unavailable: see Retry-After",
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** The error answers a route can give, each with the shared error schema; `meanings` overrides a description. */
export function errorResponses<const S extends ErrorStatus>(
  statuses: readonly S[],
  meanings: Partial<Record<S, string>> = {},
): Record<S, ReturnType<typeof json<typeof ErrorSchema>>> {
  const out = {} as Record<S, ReturnType<typeof json<typeof ErrorSchema>>>;
  for (const status of statuses) out[status] = json(ErrorSchema, meanings[status] ?? ERROR_MEANINGS[status]);
  return out;
}

/** What every admin route can answer besides its own errors. */
export const adminErrors = errorResponses([400, 401]);
export const notFound = errorResponses([404]);

/** `{ success: true }`: the answer of a change that returns nothing else. */
export const SuccessSchema = z.object({ success: z.literal(true) }).meta({ id: "Success", example: { success: true } });

/**
 * A WebSocket's own answer to a plain HTTP request (RFC 9110 15.5.22): the upgrade itself is
 * answered on the node server by server/realtime before the request reaches this router, so the
 * document can list the socket as a GET whose 101 response is each frame it pushes.
 */
export const UPGRADE_REQUIRED = "This address is a WebSocket: open it with a WebSocket client (Upgrade: websocket)";

/** A numeric id in the path. */
export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, type: "integer", example: 42 }),
});

/** The app's router: a failed request check answers 400 through the one validation answer. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationErrorBody(result.error), 400);
    },
  });

/**
 * Every operation can answer 503 while the database is unavailable (server/db/unavailable.ts,
 * docs/decisions/029-database-outages.md): documented once here for the routes present and
 * future, unless a route already says more about its own 503.
 */
export function documentOutages(app: OpenAPIHono<AppEnv>) {
  const unavailable = retryLater("The database cannot be reached right now: try again after Retry-After seconds");
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    definition.route.responses[503] ??= unavailable;
  }
}
