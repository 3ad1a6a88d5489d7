/**
 * What every failed API call throws (app/lib/api/call.ts), in a module of its own: a page that only
 * needs to recognise one (the inquiry chat, the portal) loads neither the caller nor a descriptor
 * before its first call.
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came (offline, the server unreachable). */
    readonly status: number,
    /** What to show: the server's `error` when it sent one, otherwise what failed and what to do. */
    message: string,
    /** Each field at fault and its message, when the server named them. */
    readonly fields?: Record<string, string>,
    /**
     * The server's own `error` text, when it sent one (then also the message): for a screen that
     * shows only what the server said and otherwise words the failure itself.
     */
    readonly serverMessage?: string,
    /**
     * The refusal's whole JSON answer, when it sent one: for the few answers that carry more than
     * words (a booking's 409 names the next free times).
     */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** An error's message for the screen, or `fallback` when it has none. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
