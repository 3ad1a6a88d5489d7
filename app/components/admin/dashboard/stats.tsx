import { Link } from "react-router";
import { CheckCircle2, Inbox, Star, Users } from "lucide-react";
import { HIGH_SCORE, type ContactStats } from "~/contracts/contacts";
import { StatCard } from "~/components/admin/ui/stat-card";

/** Each counter opens Analytics, where the leads are traced back to the pages that brought them. */
const counterLink =
  "grid rounded-xl transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function Counter({ testId, children }: { testId: string; children: React.ReactNode }) {
  return (
    <Link to="/admin/analytics" data-testid={testId} className={counterLink}>
      {children}
      <span className="sr-only"> (see where they came from in Analytics)</span>
    </Link>
  );
}

/** The dashboard's four counters (docs/product/dashboard.md "Counters"). */
export function DashboardStats({ stats }: { stats: ContactStats }) {
  return (
    <section aria-label="Counters" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Counter testId="stat-total-contacts">
        <StatCard label="Total Contacts" value={stats.total} icon={Users} />
      </Counter>
      <Counter testId="stat-new-submissions">
        <StatCard
          label="New Submissions"
          value={stats.new_submissions}
          icon={Inbox}
          hint="From the website form, not yet contacted"
        />
      </Counter>
      <Counter testId="stat-high-score">
        <StatCard
          label="High Score Leads"
          value={stats.high_score}
          icon={Star}
          hint={`Lead score ${HIGH_SCORE} or more`}
        />
      </Counter>
      <Counter testId="stat-completed-projects">
        <StatCard label="Completed Projects" value={stats.completed_projects} icon={CheckCircle2} />
      </Counter>
    </section>
  );
}
