import { and, asc, count, eq } from "drizzle-orm";
import { MAX_EXCLUSIONS, type Exclusion, type ExclusionKind } from "~/contracts/analytics-exclusions";
import type { Database } from "../../db/client";
import { analyticsExclusions } from "../../db/schema/index";

/**
 * The pages, referrers and UTM sources the owner took out of the analytics reports
 * (docs/decisions/033-analytics-flood.md). The report reads them (analytics-report.ts); the
 * counts and the rollups never do, so taking one back restores every figure.
 */

type Row = typeof analyticsExclusions.$inferSelect;
const toExclusion = (row: Row): Exclusion => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  created_at: row.createdAt.toISOString(),
});

export async function listExclusions(db: Database): Promise<Exclusion[]> {
  const rows = await db.select().from(analyticsExclusions).orderBy(asc(analyticsExclusions.id));
  return rows.map(toExclusion);
}

export class TooManyExclusionsError extends Error {
  constructor() {
    super(`At most ${MAX_EXCLUSIONS} pages and sources can be excluded: include some again first.`);
  }
}

/**
 * Excludes a page, referrer or source; one already excluded is answered as it is (a second
 * click, or two tabs, change nothing). `created` says which.
 */
export async function addExclusion(
  db: Database,
  exclusion: { kind: ExclusionKind; value: string },
): Promise<{ exclusion: Exclusion; created: boolean }> {
  const existing = async () =>
    (
      await db
        .select()
        .from(analyticsExclusions)
        .where(and(eq(analyticsExclusions.kind, exclusion.kind), eq(analyticsExclusions.value, exclusion.value)))
    )[0];
  const found = await existing();
  if (found) return { exclusion: toExclusion(found), created: false };
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(analyticsExclusions);
  if (n >= MAX_EXCLUSIONS) throw new TooManyExclusionsError();
  const [row] = await db
    .insert(analyticsExclusions)
    .values(exclusion)
    .onConflictDoNothing({ target: [analyticsExclusions.kind, analyticsExclusions.value] })
    .returning();
  if (row) return { exclusion: toExclusion(row), created: true };
  // Another request excluded it a moment ago.
  const raced = await existing();
  if (!raced) throw new Error("an exclusion vanished as it was added");
  return { exclusion: toExclusion(raced), created: false };
}

/** Includes a page, referrer or source again; false when there was no such exclusion. */
export async function removeExclusion(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(analyticsExclusions)
    .where(eq(analyticsExclusions.id, id))
    .returning({ id: analyticsExclusions.id });
  return deleted.length > 0;
}
