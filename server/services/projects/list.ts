import { and, desc, eq, ilike, inArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import type { ProjectSort } from "~/contracts/project-list";
import { projectTypeLabel } from "~/lib/admin/projects";
import {
  PROJECT_STATUS_LABELS,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  type ProjectStatus,
} from "~/contracts/project-terms";
import type { ProjectListRow } from "~/contracts/projects";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema/index";
import {
  afterCursor,
  containsPattern,
  EXPORT_BATCH,
  keysetBatches,
  keyText,
  orderOf,
  type CsvCells,
  type Cursor,
  type ListOrder,
} from "../list-pages";
import { dayIn } from "../billing/common";
import { jsonRow } from "../json-rows";
import { countsOf, listTotals, pageAndTotal, jsonRowStatement, termsOf } from "../list-totals";
import { billingStateSql } from "../billing/summary";
import { contactsOf, milestoneCounts, toProject } from "./projects";
import { jsonRowsOf, type JsonRows } from "../../lib/json-answer";

/**
 * The projects list of docs/product/projects.md "The screen" and its CSV export: searched,
 * filtered, sorted and counted in SQL, one page at a time, each page with its contacts and
 * milestone counts.
 */
export interface ProjectFilter {
  status?: ProjectStatus;
  q?: string;
  sort: ProjectSort;
}

const ORDERS: Record<ProjectSort, ListOrder> = {
  newest: { key: projects.createdAt, type: "timestamptz", dir: "desc" },
  oldest: { key: projects.createdAt, type: "timestamptz", dir: "asc" },
  name: { key: sql`lower(${projects.name})`, type: "text", dir: "asc" },
  updated: { key: projects.updatedAt, type: "timestamptz", dir: "desc" },
};

/**
 * Part of the name, ID or description, of a contact's name, e-mail, company or phone, or a
 * project type by its label ("small business" finds small_business). Written out in full in the
 * subquery: drizzle leaves the table off column names in single-table selects.
 */
function searchCondition(q: string): SQL {
  const like = containsPattern(q);
  const needle = q.toLowerCase();
  const types = PROJECT_TYPES.filter(
    (type) => PROJECT_TYPE_LABELS[type].toLowerCase().includes(needle) || type.includes(needle),
  );
  return or(
    ilike(projects.name, like),
    ilike(projects.id, like),
    ilike(projects.description, like),
    types.length > 0 ? inArray(projects.projectType, types) : undefined,
    sql`exists (select 1 from project_contacts pc join contacts c on c.id = pc.contact_id
      where pc.project_id = "projects"."id"
        and (c.name ilike ${like} or c.email ilike ${like} or c.company ilike ${like} or c.phone ilike ${like}))`,
  )!;
}

function projectWhere(filter: Omit<ProjectFilter, "sort">): SQL | undefined {
  const q = filter.q?.trim();
  return and(filter.status ? eq(projects.status, filter.status) : undefined, q ? searchCondition(q) : undefined);
}

const TEAM_ORDER = "order by pc.is_primary desc, pc.created_at asc, c.name asc, c.id asc";

/**
 * A project's contacts in the order contactsOf gives them (the primary one first), read once: their
 * names joined, the first one's name and e-mail, and the list; then its milestone counts.
 */
const TEAM_AND_MILESTONES = sql.raw(`(select coalesce(string_agg(c.name, ', ' ${TEAM_ORDER}), '') as names,
    (array_agg(c.name ${TEAM_ORDER}))[1] as first_name, (array_agg(c.email ${TEAM_ORDER}))[1] as first_email,
    coalesce(json_agg(json_build_object('contact_id', c.id, 'contact_name', c.name, 'contact_email', c.email,
      'contact_phone', c.phone, 'role', pc.role, 'is_primary', pc.is_primary) ${TEAM_ORDER}), '[]'::json) as list
    from project_contacts pc join contacts c on c.id = pc.contact_id where pc.project_id = "projects"."id") as team,
  (select count(*) as total, count(*) filter (where m.status = 'completed') as completed
    from project_milestones m where m.project_id = "projects"."id") as milestones`);

/**
 * A list row as toProject and projectBillingStates make it, built by PostgreSQL in one statement
 * (json-rows.ts; json-rows.test.ts holds the two equal): the contacts and the milestones are read
 * once per row of this page (TEAM_AND_MILESTONES), the latest quote's and invoice's states are
 * subqueries.
 */
export const projectListRowJson = (today: string | Placeholder) =>
  sql<ProjectListRow>`(select ${jsonRow<ProjectListRow>({
    id: projects.id,
    name: projects.name,
    description: projects.description,
    project_type: projects.projectType,
    budget_range: projects.budgetRange,
    start_date: projects.startDate,
    target_completion: projects.targetCompletion,
    client_notes: projects.clientNotes,
    internal_notes: projects.internalNotes,
    status: projects.status,
    legacy_data: projects.legacyData,
    created_at: projects.createdAt,
    updated_at: projects.updatedAt,
    completed_at: projects.completedAt,
    contact_names: sql.raw("team.names"),
    contact_name: sql.raw("team.first_name"),
    contact_email: sql.raw("team.first_email"),
    contacts: sql.raw("team.list"),
    milestone_count: sql.raw("milestones.total"),
    milestones_completed: sql.raw("milestones.completed"),
    landing_page: projects.landingPage,
    referrer: projects.referrer,
    utm_source: projects.utmSource,
    utm_medium: projects.utmMedium,
    utm_campaign: projects.utmCampaign,
    billing: sql`json_build_object('quote_status', ${billingStateSql.quote},
      'invoice_status', ${billingStateSql.invoice(today)}, 'due_cents', ${billingStateSql.due})`,
  })} from ${TEAM_AND_MILESTONES})`;

const projectTotals = listTotals("projects_changes", "contacts_changes");

/** One page of the matching projects with their contacts, and the count of all of them. */
export async function listProjectPage(
  db: Database,
  filter: ProjectFilter & { limit: number; offset: number },
): Promise<{ projects: JsonRows<ProjectListRow>; total: number }> {
  const where = projectWhere(filter);
  const terms = termsOf(ORDERS[filter.sort], projects.id);
  // The page's ids first (list-totals.ts pageIds): the search's subquery over contacts and the whole
  // rows are read for this page's projects only. A total is kept while no project, link to a
  // contact or contact changes (list-totals.ts).
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: projectTotals,
      key: JSON.stringify([filter.status ?? "", filter.q?.trim() ?? ""]),
      ...countsOf(db, projects, where, Boolean(filter.q?.trim())),
    },
    filter,
    {
      table: projects,
      id: projects.id,
      where,
      terms,
      rows: {
        key: `projects:${filter.sort}`,
        build: jsonRowStatement(db, projects, projectListRowJson(sql.placeholder("today"))),
        values: { today: dayIn(new Date()) },
      },
    },
  );
  return { projects: jsonRowsOf(rows), total };
}

/** Every project's ID and name, newest first: the selects that pick a project (a few KB for hundreds). */
export async function projectOptions(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/**
 * Every matching project as CSV cells (PROJECT_CSV_HEADER), in the list's order, a keyset batch at
 * a time with each batch's contacts and milestone counts. Run it on the reports' pool.
 */
export function projectCsvBatches(db: Database, filter: ProjectFilter): AsyncGenerator<CsvCells[], void, undefined> {
  const order = ORDERS[filter.sort];
  const where = projectWhere(filter);
  const fetchAfter = (cursor: Cursor | null, size: number) =>
    db
      .select({
        id: projects.id,
        sortKey: keyText(order),
        row: projects,
        created: sql<string>`to_char(${projects.createdAt} at time zone ${site.timeZone}, 'YYYY-MM-DD')`.as(
          "created_day",
        ),
      })
      .from(projects)
      .where(cursor ? and(where, afterCursor(order, projects.id, "text", cursor)) : where)
      .orderBy(...orderOf(order, projects.id))
      .limit(size);
  return (async function* () {
    for await (const rows of keysetBatches(fetchAfter, EXPORT_BATCH)) {
      const ids = rows.map((r) => r.id);
      // One after the other: the reports' pool is small, and other exports may be waiting on it.
      const team = await contactsOf(db, ids);
      const counts = await milestoneCounts(db, ids);
      yield rows.map(({ row, created }) => {
        const p = toProject(row, team.get(row.id) ?? [], counts.get(row.id));
        return [
          p.id,
          p.name,
          PROJECT_STATUS_LABELS[p.status] ?? p.status,
          projectTypeLabel(p.project_type),
          p.contact_name,
          p.contact_email,
          p.contact_names,
          p.budget_range,
          p.start_date,
          p.target_completion,
          p.milestones_completed,
          p.milestone_count,
          created,
        ];
      });
    }
  })();
}
