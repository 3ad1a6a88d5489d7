/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is
 * wrong" or "our code is wrong": a server that is down, restarting, failing over or out of
 * connections, or a connection cut under a query. Such a request is answered 503 with
 * Retry-After (docs/decisions/029-database-outages.md), never 500, and never a success.
 *
 * Drizzle wraps the driver's error (`cause`); a host name with several addresses fails with an
 * AggregateError (`errors`); so the whole chain is looked at.
 */

/** Network failures of the connection to the server (Node's error codes). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is unavailable rather than a statement that failed
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html): class 08 (connection
 * exception), 57P01-57P05 (shut down, crash, cannot connect now, database dropped, idle
 * session timeout) and 53300 (too many connections).
 */
const isUnavailableState = (code: string) => code.startsWith("08") || /^57P0[1-5]$/.test(code) || code === "53300";

/** What node-postgres throws without a code when its connection is gone or cannot be had in time. */
const DRIVER_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /Client was closed and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  // ALTER DATABASE ... ALLOW_CONNECTIONS false: closed for maintenance (SQLSTATE 55000, a class
  // shared with statement errors, so the message is what tells).
  /database ".*" is not currently accepting connections/i,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const e = error as ErrorLike;
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || isUnavailableState(e.code))) return true;
  if (typeof e.message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(e.message as string)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client should wait before trying again: the embedded server is back within seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;
