import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { serverSecrets } from "../db/schema";

/**
 * A secret shared by every app process on one database: the first process to ask stores `fresh()`,
 * and every later one reads that same value.
 */
export async function sharedSecret(db: Database, name: string, fresh: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: fresh() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}
