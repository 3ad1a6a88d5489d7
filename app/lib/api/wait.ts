/**
 * The words of a 429 (docs/decisions/046-limits-per-token-and-process.md): the server's own when it
 * sent them (they begin "Please wait a moment"), else the same in general, with the seconds of
 * Retry-After when it gave a sensible number. No schema or caller here: the portal's first load
 * takes it as it is.
 */
export const TOO_MANY_REQUESTS = 429;

export function waitMessage(retryAfter: string | null | undefined, serverMessage?: string): string {
  if (serverMessage) return serverMessage;
  const seconds = Number(retryAfter);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) return "Please wait a moment, then try again.";
  return `Please wait a moment: try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
