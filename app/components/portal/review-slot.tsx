import type { ProjectStatus } from "~/contracts/project-terms";
import { lazyView } from "~/components/ui/lazy-view";
import type { ProjectReviewProps } from "./reviews";

// The review section (docs/product/client-portal.md "Reviews") is a chunk of its own, fetched only
// for a project whose site is live or delivered: the portal's first load does not grow.
const ProjectReview = lazyView(() => import("./reviews").then((m) => m.ProjectReview));

/** Statuses at which a review may be asked for (the server decides: a Launch project once asked). */
const REVIEW_STATUSES: readonly ProjectStatus[] = ["launch", "complete", "maintenance"];

/** A project's Review section, for a project at Launch or after. */
export function ReviewSlot({ status, ...props }: ProjectReviewProps & { status: ProjectStatus }) {
  if (!REVIEW_STATUSES.includes(status)) return null;
  return <ProjectReview {...props} />;
}
