import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Logs carry no request bodies and no personal data (docs/decisions/014):
 * the keys below are replaced wherever a caller passes them, at the top level
 * or one level down, and errors go through `serializeError`, which keeps what
 * a fix needs (type, message, code, stack) and drops what echoes input.
 */
const PERSONAL_KEYS = ["body", "email", "name", "phone", "message", "subject", "content", "text", "password", "token"];
const SECRET_HEADERS = ["authorization", "cookie", "set-cookie"];
export const REDACTED_PATHS = [
  ...PERSONAL_KEYS,
  // One level down, but not `*.message` or `*.name`: an error's own message is wanted.
  ...["body", "email", "phone", "password", "token", "content"].map((key) => `*.${key}`),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `req.headers["${header}"]`, `*.headers["${header}"]`]),
  "req.body",
  "request",
  "req.query",
];

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const MAX_CAUSES = 3;

/**
 * An error for the log. Drizzle's query errors put every SQL parameter in
 * their message and stack ("params: Maria,maria@example.com,..."), PostgreSQL's
 * `detail` can hold a whole row, and some messages echo the value refused;
 * none of that is kept. E-mail addresses left in a message are masked.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)) };
  const original = error.message;
  let message = original;
  if ("params" in error) message = message.replace(/\nparams:[\s\S]*$/, "\nparams: [not logged]");
  // PostgreSQL's "invalid input syntax for type integer: "...": the value at the end is input.
  if ("severity" in error) message = message.replace(/: ".*"$/s, ': "[not logged]"');
  message = scrub(message);
  const out: Record<string, unknown> = { type: error.name, message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (error.stack)
    out.stack = scrub(
      original && error.stack.includes(original) ? error.stack.replace(original, () => message) : error.stack,
    );
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

const scrub = (text: string) => text.replace(EMAIL, "[email]");
const scrubLine = (line: string) => scrub(line.replace(/: ".*"$/s, ': "[not logged]"'));

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "web" },
      timestamp: pino.stdTimeFunctions.isoTime,
      // `pg`: a line of the embedded PostgreSQL's own log (server/db/embedded.ts), which may end in the value it refused.
      serializers: { err: serializeError, error: serializeError, pg: (line: unknown) => scrubLine(String(line)) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}
