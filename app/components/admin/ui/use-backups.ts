import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { backupsEndpoints } from "~/contracts/backups";
import { adminCall } from "~/lib/admin/call";

/** GET /api/admin/backups, shared by the settings' Backups section and the dashboard's warning. */
export const backupsQueryKey = ["admin", "backups"] as const;

/** How often a running backup's progress is read: it is written at most once a second. */
const RUNNING_REFRESH_MS = 1000;

export function useBackups() {
  return useQuery({
    queryKey: backupsQueryKey,
    queryFn: ({ signal }) =>
      adminCall(backupsEndpoints.overview, { signal, fallbackError: "Failed to fetch the backups" }),
    // Followed while one runs (on this process or another), and not otherwise.
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_REFRESH_MS : false),
  });
}

/** "Back up now": POST /api/admin/backups; the overview is read again at once to follow it. */
export function useStartBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminCall(backupsEndpoints.start, { fallbackError: "The backup could not be started" }),
    // A refusal (one is already running) is followed too: its progress shows.
    onSettled: () => client.invalidateQueries({ queryKey: backupsQueryKey }),
  });
}
