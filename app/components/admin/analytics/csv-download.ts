import { ApiError } from "~/lib/admin/api-client";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "~/lib/admin/session";

/**
 * Downloads GET /api/admin/analytics.csv for the range: the file needs the bearer token, so it
 * is fetched and handed to the browser as a file rather than opened as a link.
 */
export async function downloadAnalyticsCsv(range: { from: string; to: string }): Promise<void> {
  const token = readToken();
  const query = new URLSearchParams(range);
  let res: Response;
  try {
    res = await fetch(`/api/admin/analytics.csv?${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(
      0,
      "Failed to export CSV: the server could not be reached. Check your connection and try again.",
    );
  }
  if (res.status === 401) {
    clearToken();
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(res.status, body.error ?? `Failed to export CSV (${res.status})`);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `analytics-${range.from}-to-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
