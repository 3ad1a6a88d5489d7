import { downloadAdminFile } from "../ui/download-file";

/** Downloads GET /api/admin/analytics.csv for the range, as the other admin exports are downloaded. */
export function downloadAnalyticsCsv(range: { from: string; to: string }): Promise<void> {
  return downloadAdminFile(
    `/api/admin/analytics.csv?${new URLSearchParams(range)}`,
    `analytics-${range.from}-to-${range.to}.csv`,
  );
}
