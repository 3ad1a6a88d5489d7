import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { adminApi } from "~/lib/admin/api-client";
import {
  CommunicationListSchema,
  ContactListSchema,
  type ContactPage,
  type ContactSort,
  type LeadView,
} from "~/lib/admin/contact-list";
import {
  ContactAnswerSchema,
  ContactDetailAnswerSchema,
  ContactStatsAnswerSchema,
  ImportResultSchema,
  LoggedCommunicationSchema,
  type CommunicationInput,
  type Contact,
  type ContactStatus,
  type ContactUpdateInput,
  type NewContactInput,
} from "~/lib/admin/contacts";
import { offsetOf, PAGE_SIZE } from "~/lib/admin/paging";

/** The lead screen's calls (back-office spec 7) and their cache keys. */
export type { LeadView };

/** One page of a lead list: what the address holds. */
export interface ContactListFilter {
  view: LeadView;
  q: string;
  status: ContactStatus | "all";
  sort: ContactSort;
  page: number;
}

export const leadKeys = {
  all: ["admin", "contacts"] as const,
  lists: ["admin", "contacts", "list"] as const,
  list: (filter: ContactListFilter) => ["admin", "contacts", "list", filter] as const,
  search: (q: string, limit: number) => ["admin", "contacts", "list", "search", q, limit] as const,
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

/** The list's filters as the API's query (and the export's, without the page). */
export function contactQuery(filter: Omit<ContactListFilter, "page">, page?: number) {
  const query = new URLSearchParams();
  if (filter.view === "submissions") query.set("view", "submissions");
  if (filter.status !== "all") query.set("status", filter.status);
  if (filter.q.trim()) query.set("q", filter.q.trim());
  if (filter.sort !== "newest") query.set("sort", filter.sort);
  if (page !== undefined) {
    query.set("limit", String(PAGE_SIZE));
    query.set("offset", String(offsetOf(page)));
  }
  return query.toString();
}

const fetchContacts = (query: string, signal: AbortSignal) =>
  adminApi(`/api/admin/contacts?${query}`, {
    schema: ContactListSchema,
    fallbackError: "Failed to fetch contacts",
    signal,
  });

/**
 * One page of a lead list, searched, filtered and sorted by the server. While the next page or
 * search loads, the last one stays on screen. Each answer lands under its own filter, so an
 * answer that comes late (typing fast) never shows for a later search: the last search wins, and
 * a request whose search is gone is aborted.
 */
export function useContactPage(filter: ContactListFilter) {
  return useQuery({
    queryKey: leadKeys.list(filter),
    queryFn: ({ signal }) => fetchContacts(contactQuery(filter, filter.page), signal),
    placeholderData: keepPreviousData,
  });
}

/** The contacts a picker offers for what was typed: the first `limit` matches and their count. */
export function useContactSearch(q: string, limit = 25) {
  return useQuery({
    queryKey: leadKeys.search(q, limit),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (q.trim()) query.set("q", q.trim());
      return fetchContacts(query.toString(), signal);
    },
    placeholderData: keepPreviousData,
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

/** A contact's log, newest first, a page at a time ("Show older" asks for the next). */
export function useCommunications(id: number | null) {
  return useInfiniteQuery({
    queryKey: leadKeys.communications(id ?? 0),
    enabled: id !== null,
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      adminApi(`/api/admin/contacts/${id}/communications?limit=${PAGE_SIZE}&offset=${pageParam}`, {
        schema: CommunicationListSchema,
        fallbackError: "Failed to fetch communications",
        signal,
      }),
    getNextPageParam: (last) =>
      last.offset + last.communications.length < last.total ? last.offset + last.limit : null,
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

type ListSnapshot = [readonly unknown[], ContactPage | undefined][];

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
      const snapshot = queryClient.getQueriesData<ContactPage>({ queryKey: leadKeys.lists });
      queryClient.setQueriesData<ContactPage>({ queryKey: leadKeys.lists }, (page) =>
        page ? { ...page, contacts: page.contacts.map((c) => (c.id === id ? { ...c, status } : c)) } : page,
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
