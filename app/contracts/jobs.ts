import { DailyJobsSchema } from "~/lib/admin/jobs";
import { endpoint } from "./endpoint";

/** The daily jobs (docs/decisions/036-project-retention.md): what Settings shows under "Data retention". */
export const jobsEndpoints = {
  /** The last run of each daily job; null for one that has not run yet. */
  lastRuns: endpoint({
    method: "get",
    path: "/api/admin/jobs",
    access: "admin",
    answer: DailyJobsSchema,
  }),
};
