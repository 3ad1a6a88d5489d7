import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { contactsEndpoints } from "~/contracts/contacts";
import { adminCall } from "~/lib/admin/call";

/**
 * The contacts a picker offers for what was typed (a project's contacts): the first `limit`
 * matches and their count. The key sits under the contact lists' (["admin", "contacts", "list"]),
 * so every write that refreshes the lists refreshes the picker too.
 */
export function useContactSearch(q: string, limit = 25) {
  return useQuery({
    queryKey: ["admin", "contacts", "list", "search", q, limit] as const,
    queryFn: ({ signal }) =>
      adminCall(contactsEndpoints.list, {
        query: { limit, q: q.trim() || undefined },
        fallbackError: "Failed to fetch contacts",
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
