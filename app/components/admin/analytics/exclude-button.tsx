import { useMutation, useQueryClient } from "@tanstack/react-query";
import { EyeOff } from "lucide-react";
import { toast } from "sonner";
import { analyticsEndpoints } from "~/contracts/analytics";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import { EXCLUSION_KIND_NAMES } from "~/lib/admin/analytics";
import type { ExclusionKind } from "~/contracts/analytics-exclusions";
import { adminButton } from "~/components/admin/ui/styles";

/**
 * One click to leave a page, referrer or UTM source out of the reports
 * (docs/decisions/033-analytics-flood.md); the report is loaded again after every change.
 */

/** A card's heading, focused when the row the focus was on goes away. */
export const focusHeading = (id: string) => document.getElementById(id)?.focus({ preventScroll: true });

export function useReloadReport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["admin", "analytics"] });
}

/** "Exclude" beside a row of top pages, referrers or UTM sources. */
export function ExcludeButton({ kind, value, heading }: { kind: ExclusionKind; value: string; heading: string }) {
  const reload = useReloadReport();
  const exclude = useMutation({
    mutationFn: () =>
      adminCall(analyticsEndpoints.addExclusion, { body: { kind, value }, fallbackError: "Failed to exclude" }),
    onSuccess: async () => {
      await reload();
      focusHeading(heading);
      toast.success(`${value} is left out of the reports. Include it again under "Left out of the reports".`);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to exclude")),
  });
  return (
    <button
      type="button"
      className={adminButton.row}
      aria-label={`Exclude ${EXCLUSION_KIND_NAMES[kind]} ${value} from the reports`}
      disabled={exclude.isPending}
      onClick={() => exclude.mutate()}
    >
      {/* On a phone the icon alone: the path beside it needs the width. */}
      <EyeOff className="size-3.5" aria-hidden="true" /> <span className="max-sm:sr-only">Exclude</span>
    </button>
  );
}
