import { CheckCircle2, MessagesSquare, Star, Users } from "lucide-react";
import type { ContactStats } from "~/contracts/contacts";
import { StatCard } from "../ui/stat-card";

/** The four counters (docs/product/contacts.md "The screen"); server totals over every contact. */
export function ContactsStats({ stats }: { stats: ContactStats | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? "–" : n.toLocaleString("en-US"));
  return (
    <section aria-label="Lead counts" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <StatCard label="Total" value={value(stats?.total)} icon={Users} />
      <StatCard label="High Score Leads" value={value(stats?.high_score)} icon={Star} hint="Lead score 50 or more" />
      <StatCard
        label="Active Conversations"
        value={value(stats?.active_conversations)}
        icon={MessagesSquare}
        hint="Contacted, qualified or proposal"
      />
      <StatCard label="Completed Projects" value={value(stats?.completed_projects)} icon={CheckCircle2} />
    </section>
  );
}
