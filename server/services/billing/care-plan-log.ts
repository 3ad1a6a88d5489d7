import { communications, projectUpdates } from "../../db/schema";
import type { Tx } from "../../db/tx";
import type { CarePlanRow } from "./care-plan-invoices";
import { primaryContactOf } from "./common";

export const NO_PLAN = "No care plan with this id. It may have been removed with its project: reload the project.";

/**
 * Notes a change of the plan on the project's updates (which the client sees in the portal) and
 * on the primary contact's log, in the change's transaction.
 */
export async function logPlanChange(
  tx: Tx,
  plan: Pick<CarePlanRow, "projectId">,
  title: string,
  content: string,
  sender: string,
) {
  await tx.insert(projectUpdates).values({ projectId: plan.projectId, title, content });
  const contact = await primaryContactOf(tx, plan.projectId);
  if (contact)
    await tx.insert(communications).values({
      contactId: contact.id,
      type: "note",
      direction: "outbound",
      subject: title,
      content,
      createdBy: sender,
    });
}
