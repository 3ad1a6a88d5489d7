import { ApiError } from "~/lib/api/call";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "~/lib/admin/session";
import { TOO_MANY_REQUESTS, waitMessage } from "~/lib/api/wait";

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentFileName(header: string | null): string | null {
  return header?.match(/filename="([^"]+)"/)?.[1] ?? null;
}

/**
 * Downloads an admin export (GET /api/admin/contacts.csv, a backup's archive, ...): the file
 * needs the bearer token, so it is fetched and handed to the browser as a file rather than opened
 * as a link (as the analytics CSV does). The server streams it; the browser keeps it until it is
 * saved.
 */
export async function downloadAdminFile(
  path: string,
  fallbackName: string,
  /** The start of every error message (a backup's download says its own). */
  failure = "Failed to export CSV",
): Promise<void> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, `${failure}: the server could not be reached. Check your connection and try again.`);
  }
  if (res.status === 401) {
    clearToken();
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    if (res.status === TOO_MANY_REQUESTS)
      throw new ApiError(res.status, waitMessage(res.headers.get("Retry-After"), body.error));
    throw new ApiError(res.status, body.error ?? `${failure} (${res.status})`);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // The server stopped half-way (it says why in its log): no cut file is saved.
    throw new ApiError(0, `${failure}: the download was cut off. Try again.`);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = attachmentFileName(res.headers.get("Content-Disposition")) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
