import { useState } from "react";
import { useOutletContext } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type { Route } from "./+types/dashboard";
import { contactsEndpoints } from "~/contracts/contacts";
import { adminCall } from "~/lib/admin/call";
import { adminMeta } from "~/lib/admin/meta";
import type { AdminUser } from "~/lib/admin/session";
import { LoadingScreen } from "~/components/admin/ui/loading";
import { LoadError } from "~/components/admin/ui/load-error";
import { MailNotice } from "~/components/admin/dashboard/mail-notice";
import { BackupNotice } from "~/components/admin/dashboard/backup-notice";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { RecentLeads } from "~/components/admin/dashboard/recent-leads";
import { DashboardStats } from "~/components/admin/dashboard/stats";
import { BillingCards } from "~/components/admin/dashboard/billing-cards";
import { RecurringRevenueCard } from "~/components/admin/care-plans";
import { NextCallsCard } from "~/components/admin/bookings";
import { ComposeEmailDialog } from "~/components/admin/email/compose-dialog";
import { EmailUsageCard } from "~/components/admin/email/email-usage-card";
import { dashboardQueryKey } from "~/components/admin/email/queries";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

const greeting = (hour: number) => (hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening");

/**
 * docs/product/dashboard.md: counters, the money (docs/product/billing.md), the next calls booked, quick actions, the 5 newest leads, e-mail usage; and failed
 * e-mails, and a failed or stale backup.
 */
export default function Dashboard() {
  const { user } = useOutletContext<{ user: AdminUser }>();
  const [composeOpen, setComposeOpen] = useState(false);
  // The time of day when the screen opened; the admin is rendered in the browser only.
  const [hello] = useState(() => greeting(new Date().getHours()));
  const query = useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => adminCall(contactsEndpoints.dashboard, { signal, fallbackError: "Failed to fetch data" }),
  });
  const firstName = user.name?.trim().split(/\s+/)[0];

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-slate-600">
          {hello}
          {firstName ? `, ${firstName}` : ""}. Here is what is happening with your leads.
        </p>
      </header>

      <MailNotice />
      <BackupNotice />

      {query.data && <DashboardStats stats={query.data.stats} />}
      <BillingCards />
      <RecurringRevenueCard />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {query.data ? (
            <RecentLeads leads={query.data.recent_leads} />
          ) : query.isError ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : (
            <LoadingScreen />
          )}
        </div>
        <div className="grid content-start gap-6">
          <NextCallsCard />
          <QuickActions onSendEmail={() => setComposeOpen(true)} />
          <EmailUsageCard />
        </div>
      </div>

      <ComposeEmailDialog open={composeOpen} onOpenChange={setComposeOpen} />
    </div>
  );
}
