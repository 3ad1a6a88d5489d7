import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { contactsEndpoints } from "~/contracts/contacts";
import type { BodyOf, QueryOf } from "~/contracts/endpoint";
import { adminCall } from "~/lib/admin/call";
import type { Contact, ContactPage } from "~/contracts/contacts";
import type { ContactSort, LeadView } from "~/contracts/contact-list";
import type { ContactStatus } from "~/contracts/contact-terms";
import type { CommunicationInput, ContactUpdateInput, NewContactInput } from "~/contracts/contact-inputs";
import { offsetOf, PAGE_SIZE } from "~/contracts/paging";

/** The contacts screen's calls (docs/product/contacts.md "The calls") and their cache keys. */
export type { LeadView };

/** One page of a contact list: what the address holds. */
export interface ContactListFilter {
  view: LeadView;
  q: string;
  status: ContactStatus | "all";
  sort: ContactSort;
  page: number;
}

export const contactKeys = {
  all: ["admin", "contacts"] as const,
  lists: ["admin", "contacts", "list"] as const,
  list: (filter: ContactListFilter) => ["admin", "contacts", "list", filter] as const,
  stats: ["admin", "contacts", "stats"] as const,
  detail: (id: number) => ["admin", "contacts", "detail", id] as const,
  communications: (id: number) => ["admin", "contacts", "communications", id] as const,
};

/** After any write: the lists, counts, details and the dashboard's counters are stale. */
export async function refreshContacts(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
  ]);
}

type ContactListQuery = NonNullable<QueryOf<typeof contactsEndpoints.list>>;

/** The list's filters as the API's query (and the export's, without the page); defaults left out. */
export function contactQuery(filter: Omit<ContactListFilter, "page">, page?: number): ContactListQuery {
  return {
    view: filter.view === "submissions" ? "submissions" : undefined,
    status: filter.status !== "all" ? filter.status : undefined,
    q: filter.q.trim() || undefined,
    sort: filter.sort !== "newest" ? filter.sort : undefined,
    ...(page !== undefined ? { limit: PAGE_SIZE, offset: offsetOf(page) } : {}),
  };
}

const fetchContacts = (query: ContactListQuery, signal: AbortSignal) =>
  adminCall(contactsEndpoints.list, { query, fallbackError: "Failed to fetch contacts", signal });

/**
 * One page of a contact list, searched, filtered and sorted by the server. While the next page or
 * search loads, the last one stays on screen. Each answer lands under its own filter, so an
 * answer that comes late (typing fast) never shows for a later search: the last search wins, and
 * a request whose search is gone is aborted.
 */
export function useContactPage(filter: ContactListFilter) {
  return useQuery({
    queryKey: contactKeys.list(filter),
    queryFn: ({ signal }) => fetchContacts(contactQuery(filter, filter.page), signal),
    placeholderData: keepPreviousData,
  });
}

export function useContactStats() {
  return useQuery({
    queryKey: contactKeys.stats,
    queryFn: ({ signal }) =>
      adminCall(contactsEndpoints.stats, { fallbackError: "Failed to fetch data", signal }).then((r) => r.stats),
  });
}

export function useContactDetail(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminCall(contactsEndpoints.get, {
        params: { id },
        fallbackError: "Failed to fetch contact details",
        signal,
      }).then((r) => r.contact),
  });
}

/** A contact's log, newest first, a page at a time ("Show older" asks for the next). */
export function useCommunications(id: number | null) {
  return useInfiniteQuery({
    queryKey: contactKeys.communications(id ?? 0),
    enabled: id !== null,
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      adminCall(contactsEndpoints.listCommunications, {
        params: { id },
        query: { limit: PAGE_SIZE, offset: pageParam },
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
      adminCall(contactsEndpoints.create, { body: input, fallbackError: "Failed to add contact" }).then(
        (r) => r.contact,
      ),
    onSuccess: () => refreshContacts(queryClient),
  });
}

export function useUpdateContact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactUpdateInput) =>
      adminCall(contactsEndpoints.update, {
        params: { id },
        body: input,
        fallbackError: "Failed to update contact",
      }).then((r) => r.contact),
    onSuccess: () => refreshContacts(queryClient),
  });
}

type ListSnapshot = [readonly unknown[], ContactPage | undefined][];

/**
 * A status change shows at once in every loaded list; if the server refuses, the lists go back to
 * what they were (docs/product/contacts.md "Contact status").
 */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation<Contact, Error, { id: number; status: ContactStatus }, { snapshot: ListSnapshot }>({
    mutationFn: ({ id, status }) =>
      adminCall(contactsEndpoints.setStatus, {
        params: { id },
        body: { status },
        fallbackError: "Failed to update contact status",
      }).then((r) => r.contact),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.lists });
      const snapshot = queryClient.getQueriesData<ContactPage>({ queryKey: contactKeys.lists });
      queryClient.setQueriesData<ContactPage>({ queryKey: contactKeys.lists }, (page) =>
        page ? { ...page, contacts: page.contacts.map((c) => (c.id === id ? { ...c, status } : c)) } : page,
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => refreshContacts(queryClient),
  });
}

export function useLogCommunication(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommunicationInput) =>
      adminCall(contactsEndpoints.logCommunication, {
        params: { id },
        body: input,
        fallbackError: "Failed to add communication",
      }),
    onSuccess: () => refreshContacts(queryClient),
  });
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    /** The file's entries as read: the server checks each one and reports those it cannot take. */
    mutationFn: (contacts: BodyOf<typeof contactsEndpoints.import>["contacts"]) =>
      adminCall(contactsEndpoints.import, { body: { contacts }, fallbackError: "Import failed" }),
    onSettled: () => refreshContacts(queryClient),
  });
}
