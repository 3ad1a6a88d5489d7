import { keepPreviousData, useMutation, useQuery, type QueryClient } from "@tanstack/react-query";
import { inquiriesEndpoints } from "~/contracts/inquiries";
import { adminCall } from "~/lib/admin/call";
import { ApiError } from "~/lib/api/call";
import { offsetOf, PAGE_SIZE } from "~/contracts/paging";
import type { AdminInquiryChat, InquiryStatus, PostInquiryMessageBody } from "~/contracts/inquiries";

/** The inquiries screen's calls (docs/product/inquiries.md "The calls") and their cache keys. */
export const inquiryKeys = {
  all: ["admin", "inquiries"] as const,
  list: (filter: InquiryListFilter) => ["admin", "inquiries", "list", filter] as const,
  chat: (id: string) => ["admin", "inquiries", "chat", id] as const,
};

/** The list reloads itself this often while it is open, so new inquiries appear. */
export const INQUIRY_LIST_REFRESH_MS = 10_000;

/** One page of the list: what the address holds. */
export interface InquiryListFilter {
  search: string;
  status: InquiryStatus | "all";
  page: number;
}

/** docs/product/inquiries.md "Errors": the chat is not there, or anything else went wrong. */
export const INQUIRY_NOT_FOUND = "Failed to load inquiry. The chat may not exist.";
export const INQUIRY_LOAD_ERROR = "Error loading inquiry.";

/**
 * The message of docs/product/inquiries.md "Errors" for a failed load: a 404 (or an id that cannot
 * be one) means no such chat.
 */
export function inquiryLoadError(error: unknown): string {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
    ? INQUIRY_NOT_FOUND
    : INQUIRY_LOAD_ERROR;
}

const listQuery = ({ search, status, page }: InquiryListFilter) => ({
  limit: PAGE_SIZE,
  offset: offsetOf(page),
  search: search.trim() || undefined,
  status: status === "all" ? undefined : status,
});

/**
 * The list, searched and filtered by the server. It reloads every INQUIRY_LIST_REFRESH_MS while
 * the screen is open (not while the tab is hidden), and keeps showing the rows it has while a
 * new search loads, so nothing blinks.
 */
export function useInquiries(filter: InquiryListFilter) {
  return useQuery({
    queryKey: inquiryKeys.list(filter),
    queryFn: ({ signal }) =>
      adminCall(inquiriesEndpoints.list, {
        query: listQuery(filter),
        fallbackError: "Failed to fetch inquiries",
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: INQUIRY_LIST_REFRESH_MS,
  });
}

/** One inquiry with its fields and conversation (the fields come with the admin token). */
async function loadInquiryChat(id: string, signal?: AbortSignal): Promise<AdminInquiryChat> {
  const chat = await adminCall(inquiriesEndpoints.messages, {
    params: { id },
    fallbackError: INQUIRY_LOAD_ERROR,
    signal,
  });
  const { inquiry } = chat;
  // Sent whenever the token is valid: without it the answer is not one this screen can show.
  if (!inquiry) throw new ApiError(200, INQUIRY_LOAD_ERROR);
  return { ...chat, inquiry };
}

export const inquiryChatQuery = (id: string) => ({
  queryKey: inquiryKeys.chat(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => loadInquiryChat(id, signal),
  // A missing chat stays missing: asking again only delays the message.
  retry: (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 1,
});

export function useInquiryChat(id: string) {
  return useQuery(inquiryChatQuery(id));
}

/** The lookup: loads the inquiry before it is opened, so a wrong ID is told at the lookup. */
export const fetchInquiryChat = (queryClient: QueryClient, id: string) =>
  queryClient.fetchQuery({ ...inquiryChatQuery(id), staleTime: 0 });

/** The owner's message in the chat; the visitor sees it live at /chat/{id}. */
export function useSendReply(id: string) {
  return useMutation({
    mutationFn: (content: string) =>
      adminCall(inquiriesEndpoints.postMessage, {
        params: { id },
        body: {
          inquiry_id: id,
          author_type: "admin",
          content,
          message_type: "message",
        } satisfies PostInquiryMessageBody,
        fallbackError: "Failed to send the reply",
      }),
  });
}
