import { analyticsEndpoints } from "~/contracts/analytics";
import { urlOf } from "~/lib/api/call";
import { downloadAdminFile } from "../ui/download-file";

/** Downloads the report's CSV for the range, as the other admin exports are downloaded. */
export function downloadAnalyticsCsv(range: { from: string; to: string }): Promise<void> {
  return downloadAdminFile(
    urlOf(analyticsEndpoints.reportCsv, { query: range }),
    `analytics-${range.from}-to-${range.to}.csv`,
  );
}
