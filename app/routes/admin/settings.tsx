import { Link, useOutletContext } from "react-router";
import type { Route } from "./+types/settings";
import { adminMeta } from "~/lib/admin/meta";
import type { AdminUser } from "~/lib/admin/session";
import { LoadError } from "~/components/admin/ui/load-error";
import { LoadingScreen } from "~/components/admin/ui/loading";
import { useChatSettings } from "~/components/admin/settings/api";
import { EMAIL_SECTION_ID, EmailDeliverySection } from "~/components/admin/settings/email-delivery-section";
import { SettingsScreen } from "~/components/admin/settings/settings-screen";
import { RETENTION_SECTION_ID, RetentionSection } from "~/components/admin/settings/retention-section";
import { BACKUPS_SECTION_ID, BackupsSection } from "~/components/admin/settings/backups-section";
import { BILLING_SECTION_ID, BillingSettingsSection } from "~/components/admin/settings/billing-section";
import { BOOKING_SECTION_ID, BookingSettingsSection } from "~/components/admin/settings/booking-section";

export const meta: Route.MetaFunction = () => adminMeta("Chat Settings");

/**
 * docs/product/settings.md "Chat settings": every setting of the assistant widget, with a live
 * preview; below it, "E-mail delivery" (#email, where the admin's mail banner leads),
 * "Billing" (#billing: what new quotes and invoices start with, docs/product/billing.md),
 * "Booking" (#booking: the hours, meeting types and calendar feeds of booked calls),
 * "Data retention" (#retention: what the site deletes by itself, and the daily clean-up's last run)
 * and "Backups" (#backups, where the dashboard's backup warning leads).
 */
export default function AdminSettings() {
  const { user } = useOutletContext<{ user: AdminUser }>();
  const query = useChatSettings();
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Chat Settings</h1>
        <p className="mt-1 text-slate-600">
          The assistant on the public site: what it says, when it shows as online, how it answers and looks. Visitors
          get the saved settings the next time a page loads.{" "}
          <Link to={`#${EMAIL_SECTION_ID}`} className="font-medium text-brand-800 underline underline-offset-2">
            E-mail delivery
          </Link>
          ,{" "}
          <Link to={`#${BILLING_SECTION_ID}`} className="font-medium text-brand-800 underline underline-offset-2">
            billing
          </Link>
          ,{" "}
          <Link to={`#${BOOKING_SECTION_ID}`} className="font-medium text-brand-800 underline underline-offset-2">
            booking
          </Link>
          ,{" "}
          <Link to={`#${RETENTION_SECTION_ID}`} className="font-medium text-brand-800 underline underline-offset-2">
            data retention
          </Link>{" "}
          and{" "}
          <Link to={`#${BACKUPS_SECTION_ID}`} className="font-medium text-brand-800 underline underline-offset-2">
            backups
          </Link>{" "}
          are at the end of the page.
        </p>
      </header>
      {query.isPending ? (
        <LoadingScreen label="Loading settings..." />
      ) : (
        <>
          {query.isError ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : (
            <SettingsScreen initial={query.data.settings} />
          )}
          {/* After the chat settings, so the jump to #email lands where the card stays. */}
          <EmailDeliverySection ownerEmail={user.email} />
          <BillingSettingsSection />
          <BookingSettingsSection />
          <RetentionSection />
          <BackupsSection />
        </>
      )}
    </div>
  );
}
