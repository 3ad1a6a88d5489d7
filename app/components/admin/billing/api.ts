import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BodyOf, QueryOf } from "~/contracts/endpoint";
import { quotesEndpoints } from "~/contracts/quotes";
import { invoicesEndpoints, type Invoice, type InvoiceFilterQuerySchema } from "~/contracts/invoices";
import { paymentsEndpoints } from "~/contracts/payments";
import { billingEndpoints } from "~/contracts/billing";
import { offsetOf, PAGE_SIZE } from "~/contracts/paging";
import type { INVOICE_SORTS } from "~/contracts/invoices";
import type { InvoiceStatus } from "~/contracts/billing-terms";
import type { z } from "zod";
import { adminCall } from "~/lib/admin/call";

/**
 * The owner's billing calls (docs/product/billing.md; decision 042): a project's quotes and
 * invoices, the Invoices screen, payments, the dashboard's figures and the billing settings, with
 * their cache keys. Every total shown once saved is the server's.
 */

/** The projects screen's cache (its list shows each project's billing state). */
const PROJECTS_KEY = ["admin", "projects"] as const;

export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export type InvoiceStatusFilter = InvoiceStatus | "open" | "all";

/** One page of the Invoices screen: what the address holds. */
export interface InvoiceListFilter {
  status: InvoiceStatusFilter;
  q: string;
  from: string;
  to: string;
  sort: InvoiceSort;
  page: number;
}

export const billingKeys = {
  all: ["admin", "billing"] as const,
  quotes: (projectId: string) => ["admin", "billing", "quotes", projectId] as const,
  projectInvoices: (projectId: string) => ["admin", "billing", "project-invoices", projectId] as const,
  invoiceList: (filter: InvoiceListFilter) => ["admin", "billing", "invoices", filter] as const,
  invoice: (id: number) => ["admin", "billing", "invoice", id] as const,
  summary: ["admin", "billing", "summary"] as const,
  creditTargets: (creditId: number) => ["admin", "billing", "credit-targets", creditId] as const,
  settings: ["admin", "billing", "settings"] as const,
};

/**
 * After any billing write, or a change the server pushed: every billing figure, and the projects
 * (their list shows each one's billing state; an auto-advanced project has a new status).
 */
export async function refreshBilling(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  ]);
}

export function useProjectQuotes(projectId: string) {
  return useQuery({
    queryKey: billingKeys.quotes(projectId),
    queryFn: ({ signal }) =>
      adminCall(quotesEndpoints.listForProject, {
        params: { id: projectId },
        fallbackError: "Failed to fetch quotes",
        refusalWords: "action",
        signal,
      }).then((r) => r.quotes),
  });
}

export function useProjectInvoices(projectId: string) {
  return useQuery({
    queryKey: billingKeys.projectInvoices(projectId),
    queryFn: ({ signal }) =>
      adminCall(invoicesEndpoints.listForProject, {
        params: { id: projectId },
        fallbackError: "Failed to fetch invoices",
        refusalWords: "action",
        signal,
      }).then((r) => r.invoices),
  });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: billingKeys.invoice(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminCall(invoicesEndpoints.get, {
        params: { invoiceId: id ?? 0 },
        fallbackError: "Failed to fetch the invoice",
        refusalWords: "action",
        signal,
      }).then((r) => r.invoice),
  });
}

type InvoiceFilterQuery = z.input<typeof InvoiceFilterQuerySchema>;

/** The screen's filters as the API's query (the CSV export's without the page); defaults left out. */
export function invoiceQuery(filter: Omit<InvoiceListFilter, "page">): InvoiceFilterQuery {
  return {
    status: filter.status !== "all" ? filter.status : undefined,
    q: filter.q.trim() || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    sort: filter.sort !== "newest" ? filter.sort : undefined,
  };
}

export function useInvoicePage(filter: InvoiceListFilter) {
  return useQuery({
    queryKey: billingKeys.invoiceList(filter),
    queryFn: ({ signal }) =>
      adminCall(invoicesEndpoints.list, {
        query: { ...invoiceQuery(filter), limit: PAGE_SIZE, offset: offsetOf(filter.page) } as NonNullable<
          QueryOf<typeof invoicesEndpoints.list>
        >,
        fallbackError: "Failed to fetch invoices",
        refusalWords: "action",
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBillingSummary() {
  return useQuery({
    queryKey: billingKeys.summary,
    queryFn: ({ signal }) =>
      adminCall(billingEndpoints.summary, {
        fallbackError: "Failed to fetch the billing figures",
        refusalWords: "action",
        signal,
      }),
  });
}

export function useBillingSettings() {
  return useQuery({
    queryKey: billingKeys.settings,
    queryFn: ({ signal }) =>
      adminCall(billingEndpoints.settings, {
        fallbackError: "Failed to load the billing settings",
        refusalWords: "action",
        signal,
      }).then((r) => r.settings),
  });
}

/** A billing write: on success every billing figure and the projects are read again. */
function useBillingWrite<V, R>(request: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => refreshBilling(queryClient),
  });
}

export const useCreateQuote = () =>
  useBillingWrite(({ projectId, body }: { projectId: string; body: BodyOf<typeof quotesEndpoints.create> }) =>
    adminCall(quotesEndpoints.create, {
      params: { id: projectId },
      body,
      fallbackError: "Failed to create the quote",
      refusalWords: "action",
    }).then((r) => r.quote),
  );

export const useUpdateQuote = () =>
  useBillingWrite(({ quoteId, body }: { quoteId: number; body: BodyOf<typeof quotesEndpoints.update> }) =>
    adminCall(quotesEndpoints.update, {
      params: { quoteId },
      body,
      fallbackError: "Failed to save the quote",
      refusalWords: "action",
    }).then((r) => r.quote),
  );

export const useSendQuote = () =>
  useBillingWrite((quoteId: number) =>
    adminCall(quotesEndpoints.send, {
      params: { quoteId },
      fallbackError: "Failed to send the quote",
      refusalWords: "action",
    }).then((r) => r.quote),
  );

export const useReviseQuote = () =>
  useBillingWrite((quoteId: number) =>
    adminCall(quotesEndpoints.revise, {
      params: { quoteId },
      fallbackError: "Failed to revise the quote",
      refusalWords: "action",
    }).then((r) => r.quote),
  );

export const useSetQuoteStatus = () =>
  useBillingWrite(({ quoteId, status }: { quoteId: number; status: "declined" | "expired" }) =>
    adminCall(quotesEndpoints.setStatus, {
      params: { quoteId },
      body: { status },
      fallbackError: "Failed to update the quote",
      refusalWords: "action",
    }).then((r) => r.quote),
  );

export const useSetQuoteAutoInvoice = () =>
  useBillingWrite(({ quoteId, auto_invoice }: { quoteId: number; auto_invoice: boolean }) =>
    adminCall(quotesEndpoints.setAutoInvoice, {
      params: { quoteId },
      body: { auto_invoice },
      fallbackError: "Failed to change the quote's automatic invoices",
      refusalWords: "action",
    }).then((r) => r.quote),
  );

export const useDeleteQuote = () =>
  useBillingWrite((quoteId: number) =>
    adminCall(quotesEndpoints.remove, {
      params: { quoteId },
      fallbackError: "Failed to delete the quote",
      refusalWords: "action",
    }),
  );

export const useInvoiceFromQuote = () =>
  useBillingWrite(({ quoteId, kind }: { quoteId: number; kind: "deposit" | "balance" }) =>
    adminCall(invoicesEndpoints.fromQuote, {
      params: { quoteId },
      body: { kind },
      fallbackError: `Failed to create the ${kind} invoice`,
      refusalWords: "action",
    }).then((r) => r.invoice),
  );

export const useCreateInvoice = () =>
  useBillingWrite(({ projectId, body }: { projectId: string; body: BodyOf<typeof invoicesEndpoints.create> }) =>
    adminCall(invoicesEndpoints.create, {
      params: { id: projectId },
      body,
      fallbackError: "Failed to create the invoice",
      refusalWords: "action",
    }).then((r) => r.invoice),
  );

export const useUpdateInvoice = () =>
  useBillingWrite(({ invoiceId, body }: { invoiceId: number; body: BodyOf<typeof invoicesEndpoints.update> }) =>
    adminCall(invoicesEndpoints.update, {
      params: { invoiceId },
      body,
      fallbackError: "Failed to save the invoice",
      refusalWords: "action",
    }).then((r) => r.invoice),
  );

export const useSendInvoice = () =>
  useBillingWrite((invoiceId: number) =>
    adminCall(invoicesEndpoints.send, {
      params: { invoiceId },
      fallbackError: "Failed to send the invoice",
      refusalWords: "action",
    }).then((r) => r.invoice),
  );

export const useVoidInvoice = () =>
  useBillingWrite(({ invoiceId, reason }: { invoiceId: number; reason?: string }) =>
    adminCall(invoicesEndpoints.void, {
      params: { invoiceId },
      body: reason ? { reason } : {},
      fallbackError: "Failed to void the invoice",
      refusalWords: "action",
    }).then((r) => r.invoice),
  );

export const useRecordPayment = () =>
  useBillingWrite(({ invoiceId, body }: { invoiceId: number; body: BodyOf<typeof paymentsEndpoints.record> }) =>
    adminCall(paymentsEndpoints.record, {
      params: { invoiceId },
      body,
      fallbackError: "Failed to record the payment",
      refusalWords: "action",
    }),
  );

/** Where an open credit can go: the same client's open invoices (docs/product/billing.md "Credits"). */
export function useCreditTargets(creditId: number | null) {
  return useQuery({
    queryKey: billingKeys.creditTargets(creditId ?? 0),
    enabled: creditId !== null,
    queryFn: ({ signal }) =>
      adminCall(paymentsEndpoints.creditTargets, {
        params: { creditId: creditId ?? 0 },
        fallbackError: "Failed to fetch the client's open invoices",
        refusalWords: "action",
        signal,
      }).then((r) => r.invoices),
  });
}

export const useRefundCredit = () =>
  useBillingWrite(({ creditId, note }: { creditId: number; note: string }) =>
    adminCall(paymentsEndpoints.refundCredit, {
      params: { creditId },
      body: { note },
      fallbackError: "Failed to mark the credit refunded",
      refusalWords: "action",
    }),
  );

export const useApplyCredit = () =>
  useBillingWrite(({ creditId, body }: { creditId: number; body: BodyOf<typeof paymentsEndpoints.applyCredit> }) =>
    adminCall(paymentsEndpoints.applyCredit, {
      params: { creditId },
      body,
      fallbackError: "Failed to apply the credit",
      refusalWords: "action",
    }),
  );

export const useSaveBillingSettings = () =>
  useBillingWrite((body: BodyOf<typeof billingEndpoints.updateSettings>) =>
    adminCall(billingEndpoints.updateSettings, {
      body,
      fallbackError: "Failed to save the billing settings",
      refusalWords: "action",
    }).then((r) => r.settings),
  );

/** An invoice's money still due, never below zero. */
export const stillDue = (invoice: Pick<Invoice, "amount_due_cents">) => Math.max(0, invoice.amount_due_cents);
