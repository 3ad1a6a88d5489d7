import { fetchAdminFile } from "~/lib/admin/call";

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
  // A download cut off half-way is said in words: no cut file is saved.
  const file = await fetchAdminFile(path, { action: failure, sayCutOff: true });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
