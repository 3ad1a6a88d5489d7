import { ApiError } from "./api-error";
import { TOO_MANY_REQUESTS, waitMessage } from "./wait";

/**
 * The browser's one way to fetch a file behind a session (an admin export, a quote's PDF): the
 * token goes as `Authorization: Bearer`, never in an address, so the file is fetched and handed to
 * the page rather than opened as a link. Every failure is an ApiError worded as call()'s are.
 */

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentFileName(header: string | null): string | null {
  return header?.match(/filename="([^"]+)"/)?.[1] ?? null;
}

export interface FetchFileOptions {
  /** The admin's or the client's session token. */
  token: string | null;
  /** What failed, opening every message the server does not word ("Failed to export CSV"). */
  action: string;
  /** The Accept header, when the file's type is known ("application/pdf"). */
  accept?: string;
  /** Told when the answer is 401 (the admin shell signs out). */
  onUnauthorized?: () => void;
  /**
   * A body that stops half-way (the server says why in its log) is said in words, and no cut file
   * is kept; otherwise the browser's own error is thrown as it is.
   */
  sayCutOff?: boolean;
}

export interface FetchedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), if any. */
  fileName: string | null;
}

export async function fetchFile(url: string, options: FetchFileOptions): Promise<FetchedFile> {
  const { action } = options;
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.accept) headers.Accept = options.accept;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, `${action}: the server could not be reached. Check your connection and try again.`);
  }
  if (res.status === 401) options.onUnauthorized?.();
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: unknown } | null;
    const error = typeof body?.error === "string" ? body.error : undefined;
    // Too many at once: wait and try again, said in words even when no JSON came (a proxy's 429).
    const message =
      res.status === TOO_MANY_REQUESTS
        ? waitMessage(res.headers.get("Retry-After"), error)
        : (error ?? `${action} (${res.status})`);
    throw new ApiError(res.status, message, undefined, error);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (cut) {
    if (!options.sayCutOff) throw cut;
    throw new ApiError(0, `${action}: the download was cut off. Try again.`);
  }
  return { blob, fileName: attachmentFileName(res.headers.get("Content-Disposition")) };
}
