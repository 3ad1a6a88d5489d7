import { jobsEndpoints } from "~/contracts/jobs";
import { adminErrors } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The daily jobs' last runs (docs/decisions/036-project-retention.md): what the owner's settings
 * screen shows under "Data retention".
 */
export const dailyJobsRoute = routeOf(jobsEndpoints.lastRuns, {
  tags: ["Admin: daily jobs"],
  summary:
    "The last run of each daily job (the project retention): when, whether it succeeded, what it removed; and the projects it holds back because money is still open on them",
  answer: "The last runs (null for a job that has not run yet) and the projects held back now, by reason",
  responses: adminErrors,
});
