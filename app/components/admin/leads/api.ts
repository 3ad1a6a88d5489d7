import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { adminApi } from "~/lib/admin/api-client";
import {
  CommunicationListSchema,
  ContactAnswerSchema,
  ContactDetailAnswerSchema,
  ContactListSchema,
  ContactStatsAnswerSchema,
  ImportResultSchema,
  LoggedCommunicationSchema,
  type CommunicationInput,
  type Contact,
  type ContactStatus,
  type ContactUpdateInput,
  type NewContactInput,
} from "~/lib/admin/contacts";

/** The lead screen's calls (back-office spec 7) and their cache keys. */
export type LeadView = "contacts" | "submissions";

export const leadKeys = {
  all: ["admin", "contacts"] as const,
  lists: ["admin", "contacts", "list"] as const,
  list: (view: LeadView) => ["admin", "contacts", "list", view] as const,
  stats: ["admin", "contacts", "stats"] as const,
  detail: (id: number) => ["admin", "contacts", "detail", id] as const,
  communications: (id: number) => ["admin", "contacts", "communications", id] as const,
};

/** After any write: the lists, counts, details and the dashboard's counters are stale. */
export async function refreshLeads(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
  ]);
}

export function useContacts(view: LeadView) {
  return useQuery({
    queryKey: leadKeys.list(view),
    queryFn: ({ signal }) =>
      adminApi(`/api/admin/contacts${view === "submissions" ? "?view=submissions" : ""}`, {
        schema: ContactListSchema,
        fallbackError: "Failed to fetch contacts",
        signal,
      }).then((r) => r.contacts),
  });
}

export function useContactStats() {
  return useQuery({
    queryKey: leadKeys.stats,
    queryFn: ({ signal }) =>
      adminApi("/api/admin/contacts/stats", {
        schema: ContactStatsAnswerSchema,
        fallbackError: "Failed to fetch data",
        signal,
      }).then((r) => r.stats),
  });
}

export function useContactDetail(id: number | null) {
  return useQuery({
    queryKey: leadKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminApi(`/api/admin/contacts/${id}`, {
        schema: ContactDetailAnswerSchema,
        fallbackError: "Failed to fetch contact details",
        signal,
      }).then((r) => r.contact),
  });
}

export function useCommunications(id: number | null) {
  return useQuery({
    queryKey: leadKeys.communications(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminApi(`/api/admin/contacts/${id}/communications`, {
        schema: CommunicationListSchema,
        fallbackError: "Failed to fetch communications",
        signal,
      }).then((r) => r.communications),
  });
}

export function useAddContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewContactInput) =>
      adminApi("/api/admin/contacts", {
        schema: ContactAnswerSchema,
        method: "POST",
        body: input,
        fallbackError: "Failed to add contact",
      }).then((r) => r.contact),
    onSuccess: () => refreshLeads(queryClient),
  });
}

export function useUpdateContact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactUpdateInput) =>
      adminApi(`/api/admin/contacts/${id}`, {
        schema: ContactAnswerSchema,
        method: "PUT",
        body: input,
        fallbackError: "Failed to update contact",
      }).then((r) => r.contact),
    onSuccess: () => refreshLeads(queryClient),
  });
}

type ListSnapshot = [readonly unknown[], Contact[] | undefined][];

/**
 * A status change shows at once in every loaded list; if the server refuses,
 * the lists go back to what they were (back-office spec 4 "Contact status").
 */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation<Contact, Error, { id: number; status: ContactStatus }, { snapshot: ListSnapshot }>({
    mutationFn: ({ id, status }) =>
      adminApi(`/api/admin/contacts/${id}/status`, {
        schema: ContactAnswerSchema,
        method: "PUT",
        body: { status },
        fallbackError: "Failed to update contact status",
      }).then((r) => r.contact),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: leadKeys.lists });
      const snapshot = queryClient.getQueriesData<Contact[]>({ queryKey: leadKeys.lists });
      queryClient.setQueriesData<Contact[]>({ queryKey: leadKeys.lists }, (list) =>
        list?.map((c) => (c.id === id ? { ...c, status } : c)),
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => refreshLeads(queryClient),
  });
}

export function useLogCommunication(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommunicationInput) =>
      adminApi(`/api/admin/contacts/${id}/communications`, {
        schema: LoggedCommunicationSchema,
        method: "POST",
        body: input,
        fallbackError: "Failed to add communication",
      }),
    onSuccess: () => refreshLeads(queryClient),
  });
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contacts: unknown[]) =>
      adminApi("/api/admin/contacts/import", {
        schema: ImportResultSchema,
        method: "POST",
        body: { contacts },
        fallbackError: "Import failed",
      }),
    onSettled: () => refreshLeads(queryClient),
  });
}
