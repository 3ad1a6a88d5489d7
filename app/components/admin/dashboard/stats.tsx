import { CheckCircle2, Inbox, Star, Users } from "lucide-react";
import { HIGH_SCORE, type ContactStats } from "~/lib/admin/contacts";
import { StatCard } from "~/components/admin/ui/stat-card";

/** The dashboard's four counters (back-office spec 2 "Dashboard"). */
export function DashboardStats({ stats }: { stats: ContactStats }) {
  return (
    <section aria-label="Counters" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <div data-testid="stat-total-contacts" className="grid">
        <StatCard label="Total Contacts" value={stats.total} icon={Users} />
      </div>
      <div data-testid="stat-new-submissions" className="grid">
        <StatCard
          label="New Submissions"
          value={stats.new_submissions}
          icon={Inbox}
          hint="From the website form, not yet contacted"
        />
      </div>
      <div data-testid="stat-high-score" className="grid">
        <StatCard
          label="High Score Leads"
          value={stats.high_score}
          icon={Star}
          hint={`Lead score ${HIGH_SCORE} or more`}
        />
      </div>
      <div data-testid="stat-completed-projects" className="grid">
        <StatCard label="Completed Projects" value={stats.completed_projects} icon={CheckCircle2} />
      </div>
    </section>
  );
}
