/**
 * Care plans for the owner and the client (docs/product/billing.md "Care plans"; decision 063): a
 * plan started from a project, paused, resumed and ended with one click each (each logged on the
 * project's updates and the primary contact's log), read with its periods; the client's view; and
 * the dashboard's figures. The invoices themselves are written by ./care-plan-invoices.ts.
 */
import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { site } from "~/config/site";
import { formatCents } from "~/contracts/billing-money";
import {
  CARE_PLAN_PER,
  DUE_SOON_DAYS,
  formatPlanDay,
  invoiceDayOf,
  monthlyEquivalentCents,
  shiftDay,
} from "~/contracts/care-plan-terms";
import type { CarePlan, CarePlanDueSoonSchema, CarePlanInputSchema, ClientCarePlan } from "~/contracts/care-plans";
import type { Database } from "../../db/client";
import { carePlanCharges, carePlanPeriods, carePlans, invoices, projects } from "../../db/schema";
import type { CarePlanChargeStatus } from "../../db/schema/care-plans";
import { OPEN_INVOICE_STATUSES, type InvoiceStatus } from "~/contracts/billing-terms";
import type { DbOrTx } from "../../db/tx";
import { BillingError, dayIn, requireProject } from "./common";
import { dueDateWithin, invoicePlanDue, nextPeriodNumber, type CarePlanRow } from "./care-plan-invoices";
import { logPlanChange, NO_PLAN } from "./care-plan-log";
import { statusOf } from "./invoices";
import type { BillingDeps } from "./quotes";

/**
 * The next period not yet recorded, as the plan stands: for a paused plan, the first one due on or
 * after today (those before are skipped when it resumes); null for an ended plan or past its end.
 */
function nextDueOf(plan: CarePlanRow, next: number, today: string): string | null {
  if (plan.status === "ended") return null;
  let n = next;
  for (;;) {
    const due = dueDateWithin(plan, n);
    if (due === null) return null;
    if (plan.status === "active" || due >= today) return due;
    n++;
  }
}

async function periodsOf(db: DbOrTx, planIds: number[]) {
  if (planIds.length === 0) return [];
  return db
    .select({
      planId: carePlanPeriods.planId,
      number: carePlanPeriods.number,
      dueDate: carePlanPeriods.dueDate,
      state: carePlanPeriods.state,
      invoiceId: carePlanPeriods.invoiceId,
      invoice: {
        number: invoices.number,
        status: invoices.status,
        dueDate: invoices.dueDate,
        totalCents: invoices.totalCents,
        amountPaidCents: invoices.amountPaidCents,
      },
      chargeStatus: carePlanCharges.status,
      chargeFailure: carePlanCharges.failure,
    })
    .from(carePlanPeriods)
    .leftJoin(invoices, eq(invoices.id, carePlanPeriods.invoiceId))
    .leftJoin(carePlanCharges, eq(carePlanCharges.invoiceId, carePlanPeriods.invoiceId))
    .where(inArray(carePlanPeriods.planId, planIds))
    .orderBy(desc(carePlanPeriods.number));
}

async function toPlans(db: DbOrTx, rows: (CarePlanRow & { projectName: string })[], now: Date): Promise<CarePlan[]> {
  const today = dayIn(now);
  const periods = await periodsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((plan) => {
    const own = periods.filter((p) => p.planId === plan.id);
    const next = own.length > 0 ? own[0]!.number + 1 : 0;
    const due = nextDueOf(plan, next, today);
    return {
      id: plan.id,
      project_id: plan.projectId,
      project_name: plan.projectName,
      name: plan.name,
      amount_cents: plan.amountCents,
      interval: plan.interval,
      first_due_date: plan.firstDueDate,
      end_date: plan.endDate,
      lead_days: plan.leadDays,
      status: plan.status,
      next_due_date: due,
      next_invoice_date: due === null ? null : invoiceDayOf(due, plan.leadDays),
      monthly_cents: monthlyEquivalentCents([{ amount_cents: plan.amountCents, interval: plan.interval }]),
      time_zone: site.timeZone,
      paused_at: plan.pausedAt?.toISOString() ?? null,
      ended_at: plan.endedAt?.toISOString() ?? null,
      created_at: plan.createdAt.toISOString(),
      autopay: plan.autopayPaymentMethod
        ? { card: plan.autopayCard, since: (plan.autopaySince ?? plan.updatedAt).toISOString() }
        : null,
      periods: own.map((p) => {
        const status = p.invoice ? statusOf(p.invoice, today) : null;
        return {
          number: p.number,
          due_date: p.dueDate,
          state: p.state,
          invoice_id: p.invoiceId,
          invoice_number: p.invoice?.number ?? null,
          invoice_status: status,
          charge: chargeOf(p.chargeStatus, p.chargeFailure, Boolean(plan.autopayPaymentMethod), status),
        };
      }),
    };
  });
}

/**
 * An invoice's automatic payment: its charge's state, or "scheduled" for an open invoice while the
 * plan pays automatically; null when it is paid by hand.
 */
function chargeOf(
  status: CarePlanChargeStatus | null,
  failure: string | null,
  autopay: boolean,
  invoice: InvoiceStatus | null,
): CarePlan["periods"][number]["charge"] {
  if (status) return { state: status === "requested" ? "processing" : status, failure };
  return autopay && invoice && OPEN_INVOICE_STATUSES.includes(invoice) ? { state: "scheduled", failure: null } : null;
}

const planColumns = { plan: carePlans, projectName: projects.name };

async function readPlans(db: DbOrTx, where: SQL, now: Date): Promise<CarePlan[]> {
  const rows = await db
    .select(planColumns)
    .from(carePlans)
    .innerJoin(projects, eq(projects.id, carePlans.projectId))
    .where(where)
    .orderBy(asc(carePlans.createdAt), asc(carePlans.id));
  return toPlans(
    db,
    rows.map((r) => ({ ...r.plan, projectName: r.projectName })),
    now,
  );
}

export async function readCarePlan(db: DbOrTx, id: number, now = new Date()): Promise<CarePlan> {
  const [plan] = await readPlans(db, eq(carePlans.id, id), now);
  if (!plan) throw new BillingError(404, NO_PLAN);
  return plan;
}

export async function listCarePlans(db: Database, projectId: string, now = new Date()): Promise<CarePlan[]> {
  await requireProject(db, projectId);
  return readPlans(db, eq(carePlans.projectId, projectId), now);
}

const amountText = (plan: Pick<CarePlanRow, "amountCents" | "interval">) =>
  `${formatCents(plan.amountCents)}${CARE_PLAN_PER[plan.interval]}`;

/**
 * Starts a plan on a project. Its first due date may not be before today (a period already past
 * is an invoice by hand). A period whose day has already come (a first due date within the lead
 * days) is invoiced at once, after the plan is stored.
 */
export async function createCarePlan(
  deps: BillingDeps,
  projectId: string,
  input: z.output<typeof CarePlanInputSchema>,
  sender: string,
  now = new Date(),
): Promise<CarePlan> {
  const today = dayIn(now);
  if (input.first_due_date < today)
    throw new BillingError(
      400,
      `The first due date cannot be before today (${formatPlanDay(today)}): bill a period already past with an invoice by hand.`,
    );
  const id = await deps.db.transaction(async (tx) => {
    const project = await requireProject(tx, projectId);
    const [row] = await tx
      .insert(carePlans)
      .values({
        projectId: project.id,
        name: input.name,
        amountCents: input.amount_cents,
        interval: input.interval,
        firstDueDate: input.first_due_date,
        endDate: input.end_date,
        leadDays: input.lead_days,
        createdBy: sender,
      })
      .returning();
    const plan = row!;
    const ends = plan.endDate ? `, ending ${formatPlanDay(plan.endDate)}` : "";
    await logPlanChange(
      tx,
      plan,
      `Care plan started: ${plan.name}`,
      `${plan.name}: ${amountText(plan)}, first due ${formatPlanDay(plan.firstDueDate)}${ends}. Each invoice is sent ${plan.leadDays} day${plan.leadDays === 1 ? "" : "s"} before it is due.`,
      sender,
    );
    return plan.id;
  });
  await invoiceNowOrByTheJob(deps, id, now);
  return readCarePlan(deps.db, id, now);
}

/**
 * A period whose day has already come is invoiced right after the owner's change committed; should
 * that fail, the change stands and the job (every minute) writes it, logging the failure.
 */
const invoiceNowOrByTheJob = (deps: BillingDeps, id: number, now: Date) => invoicePlanDue(deps, id, now).catch(() => 0);

export type PlanAction = "pause" | "resume" | "end";

const REFUSED: Record<PlanAction, Partial<Record<CarePlanRow["status"], string>>> = {
  pause: { paused: "This care plan is already paused.", ended: "This care plan has ended: it cannot be paused." },
  resume: { active: "This care plan is not paused.", ended: "This care plan has ended: start a new one instead." },
  end: { ended: "This care plan has already ended." },
};

/**
 * Pause, resume or end a plan, logged. A paused plan writes nothing; resumed, it goes on from the
 * next period not yet due: the periods that fell due while it was paused (due before today) are
 * recorded as skipped, never billed later (the owner's expectation, decision 063). Ended, it writes
 * nothing more; the invoices already written stay.
 */
export async function changeCarePlan(
  deps: BillingDeps,
  id: number,
  action: PlanAction,
  sender: string,
  now = new Date(),
): Promise<CarePlan> {
  const today = dayIn(now);
  await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select().from(carePlans).where(eq(carePlans.id, id)).for("update");
    if (!plan) throw new BillingError(404, NO_PLAN);
    const refusal = REFUSED[action][plan.status];
    if (refusal) throw new BillingError(409, refusal);
    if (action === "pause") {
      await tx.update(carePlans).set({ status: "paused", pausedAt: now, updatedAt: now }).where(eq(carePlans.id, id));
      await logPlanChange(
        tx,
        plan,
        `Care plan paused: ${plan.name}`,
        `${plan.name} (${amountText(plan)}) is paused: no invoice is sent until it resumes, and the periods due meanwhile are not billed.`,
        sender,
      );
    } else if (action === "resume") {
      const skipped: string[] = [];
      let n = await nextPeriodNumber(tx, id);
      for (let due = dueDateWithin(plan, n); due !== null && due < today; due = dueDateWithin(plan, ++n)) {
        await tx
          .insert(carePlanPeriods)
          .values({ planId: id, number: n, dueDate: due, invoiceId: null, state: "skipped" });
        skipped.push(formatPlanDay(due));
      }
      await tx.update(carePlans).set({ status: "active", pausedAt: null, updatedAt: now }).where(eq(carePlans.id, id));
      const next = dueDateWithin(plan, n);
      await logPlanChange(
        tx,
        plan,
        `Care plan resumed: ${plan.name}`,
        [
          `${plan.name} (${amountText(plan)}) is active again.`,
          next ? `Next due ${formatPlanDay(next)}.` : "No period is left before its end date.",
          skipped.length > 0 ? `Not billed while paused: ${skipped.join("; ")}.` : "",
        ]
          .filter(Boolean)
          .join(" "),
        sender,
      );
    } else {
      await tx.update(carePlans).set({ status: "ended", endedAt: now, updatedAt: now }).where(eq(carePlans.id, id));
      await logPlanChange(
        tx,
        plan,
        `Care plan ended: ${plan.name}`,
        `${plan.name} (${amountText(plan)}) has ended: no further invoice is sent. Invoices already sent stay open until paid.`,
        sender,
      );
    }
  });
  if (action === "resume") await invoiceNowOrByTheJob(deps, id, now);
  return readCarePlan(deps.db, id, now);
}

/** The plan's project, for the portal's gate; null when there is no such plan. */
export async function planProjectOf(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ projectId: carePlans.projectId }).from(carePlans).where(eq(carePlans.id, id));
  return row?.projectId ?? null;
}

/** One plan as the client sees it. */
export async function clientCarePlan(db: Database, id: number, now = new Date()): Promise<ClientCarePlan> {
  const [plan] = (await readPlans(db, eq(carePlans.id, id), now)).map(toClientPlan);
  if (!plan) throw new BillingError(404, NO_PLAN);
  return plan;
}

/** The project's plans as the client sees them: each with its sent invoices, newest first. */
export async function clientCarePlans(db: Database, projectId: string, now = new Date()): Promise<ClientCarePlan[]> {
  return (await readPlans(db, eq(carePlans.projectId, projectId), now)).map(toClientPlan);
}

function toClientPlan(plan: CarePlan): ClientCarePlan {
  return {
    id: plan.id,
    name: plan.name,
    amount_cents: plan.amount_cents,
    interval: plan.interval,
    status: plan.status,
    next_due_date: plan.next_due_date,
    end_date: plan.end_date,
    time_zone: plan.time_zone,
    autopay: plan.autopay,
    invoices: plan.periods.flatMap((p) =>
      p.invoice_id !== null && p.invoice_number && p.invoice_status && !["draft", "void"].includes(p.invoice_status)
        ? [
            {
              id: p.invoice_id,
              number: p.invoice_number,
              due_date: p.due_date,
              status: p.invoice_status,
              charge: p.charge,
            },
          ]
        : [],
    ),
  };
}

export interface CarePlanFigures {
  recurring_monthly_cents: number;
  active_care_plans: number;
  care_plans_due_soon: z.infer<typeof CarePlanDueSoonSchema>[];
}

/**
 * The dashboard's figures (docs/product/billing.md "Care plans"): the active plans' recurring
 * revenue as a monthly figure (summed exactly, rounded once: care-plan-terms.ts), and those whose
 * next period is due within DUE_SOON_DAYS, soonest first.
 */
export async function carePlanFigures(db: DbOrTx, now = new Date()): Promise<CarePlanFigures> {
  const today = dayIn(now);
  const rows = await db
    .select(planColumns)
    .from(carePlans)
    .innerJoin(projects, eq(projects.id, carePlans.projectId))
    .where(eq(carePlans.status, "active"))
    .orderBy(asc(carePlans.id));
  const plans = await toPlans(
    db,
    rows.map((r) => ({ ...r.plan, projectName: r.projectName })),
    now,
  );
  const running = plans.filter((p) => p.next_due_date !== null);
  const horizon = shiftDay(today, DUE_SOON_DAYS);
  return {
    recurring_monthly_cents: monthlyEquivalentCents(running),
    active_care_plans: running.length,
    care_plans_due_soon: running
      .filter((p) => p.next_due_date! <= horizon)
      .sort((a, b) => a.next_due_date!.localeCompare(b.next_due_date!) || a.id - b.id)
      .map((p) => ({
        id: p.id,
        project_id: p.project_id,
        project_name: p.project_name,
        name: p.name,
        amount_cents: p.amount_cents,
        interval: p.interval,
        next_due_date: p.next_due_date!,
      })),
  };
}
