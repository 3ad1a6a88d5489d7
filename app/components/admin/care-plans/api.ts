import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BodyOf } from "~/contracts/endpoint";
import { carePlansEndpoints } from "~/contracts/care-plans";
import { adminCall } from "~/lib/admin/call";

/**
 * The care plans' calls (docs/product/billing.md "Care plans"). Their keys sit under the billing
 * keys, so any billing write or live billing change reads them again (an invoice paid shows on
 * its plan), and a plan's change reads the billing figures again (the dashboard's recurring revenue).
 */
export const carePlanKeys = {
  project: (projectId: string) => ["admin", "billing", "care-plans", projectId] as const,
};

/** The billing keys' root (the admin billing feature's): its figures, lists and these plans. */
const BILLING_ROOT = ["admin", "billing"] as const;
const refreshBilling = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: BILLING_ROOT });

export function useCarePlans(projectId: string) {
  return useQuery({
    queryKey: carePlanKeys.project(projectId),
    queryFn: ({ signal }) =>
      adminCall(carePlansEndpoints.list, {
        params: { id: projectId },
        fallbackError: "Failed to fetch the care plans",
        refusalWords: "action",
        signal,
      }).then((r) => r.plans),
  });
}

export function useStartCarePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: BodyOf<typeof carePlansEndpoints.create> }) =>
      adminCall(carePlansEndpoints.create, {
        params: { id: projectId },
        body,
        fallbackError: "Failed to start the care plan",
        refusalWords: "action",
      }).then((r) => r.plan),
    onSuccess: () => refreshBilling(queryClient),
  });
}

export type PlanAction = "pause" | "resume" | "end";

export function useChangeCarePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PlanAction }) =>
      adminCall(carePlansEndpoints[action], {
        params: { id },
        fallbackError: `Failed to ${action} the care plan`,
        refusalWords: "action",
      }).then((r) => r.plan),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** Turns a plan's automatic payment off (the client asked the owner). */
export function useStopAutopay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminCall(carePlansEndpoints.stopAutopay, {
        params: { id },
        fallbackError: "Failed to turn automatic payment off",
        refusalWords: "action",
      }).then((r) => r.plan),
    onSuccess: () => refreshBilling(queryClient),
  });
}
