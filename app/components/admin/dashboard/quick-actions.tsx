import { Link } from "react-router";
import { Inbox, Mail, UserPlus, Users } from "lucide-react";
import { cardClass } from "~/components/admin/ui/styles";

const action =
  "flex w-full items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-left text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/** docs/product/dashboard.md "Quick Actions". */
export function QuickActions({ onSendEmail }: { onSendEmail: () => void }) {
  return (
    <section className={cardClass} aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="text-base font-semibold text-slate-900">
        Quick Actions
      </h2>
      <ul className="mt-3 grid gap-2">
        <li>
          <Link to="/admin/contacts?add=1" className={action}>
            <UserPlus className="size-4 text-brand-700" aria-hidden="true" /> Add New Contact
          </Link>
        </li>
        <li>
          <Link to="/admin/contacts?view=submissions" className={action}>
            <Inbox className="size-4 text-brand-700" aria-hidden="true" /> View Submissions
          </Link>
        </li>
        <li>
          <Link to="/admin/contacts" className={action}>
            <Users className="size-4 text-brand-700" aria-hidden="true" /> Manage All Leads
          </Link>
        </li>
        <li>
          <button type="button" className={action} onClick={onSendEmail}>
            <Mail className="size-4 text-brand-700" aria-hidden="true" /> Send Email
          </button>
        </li>
      </ul>
    </section>
  );
}
