import type { Context } from "hono";
import { jsonError } from "./http-errors";

/**
 * One kind of refusal for every service: a status the route can answer and a message that says
 * what to do next. Each service names its own (ProjectError, BillingError, ...) with the statuses
 * it may give; `refused` answers any of them the same way.
 */
export type RefusalStatus = 400 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

export class ServiceError<S extends RefusalStatus = RefusalStatus> extends Error {
  constructor(
    readonly status: S,
    message: string,
  ) {
    super(message);
  }
}

const isOneOf = <S extends number>(list: readonly S[], value: number): value is S => list.some((s) => s === value);

/**
 * The answer of a refused change: the service's status and message. A route answers only the
 * statuses its contract declares, so each passes those it may give; anything else is a bug and
 * goes to the app's error handler.
 */
export function refused<const S extends RefusalStatus>(c: Context, error: unknown, statuses: readonly S[]) {
  if (error instanceof ServiceError && isOneOf(statuses, error.status))
    return jsonError(c, error.status, error.message);
  throw error;
}
