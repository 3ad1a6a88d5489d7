import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** Answers when the database runs a query; throws when it cannot. */
export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}
