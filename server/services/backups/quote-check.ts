import { asc, eq } from "drizzle-orm";
import { connectDatabase } from "../../db/client";
import { quotes } from "../../db/schema/index";
import type { QuoteCheck } from "./manifest";
import { quoteContentHash, toQuote } from "../billing/quote-rows";

/**
 * After a restore (docs/decisions/047-backup-encryption.md): each accepted quote's content is
 * hashed again as its acceptance hashed it (quoteContentHash) and compared with the hash the
 * acceptance stored. A quote whose terms, lines or amounts were changed in the archive, or in
 * the database it was made from, no longer matches what the client accepted: it is reported, with
 * its number and revision, and nothing is changed.
 */
export async function checkAcceptedQuotes(databaseUrl: string): Promise<QuoteCheck> {
  const handle = connectDatabase(databaseUrl, { max: 1 });
  try {
    const rows = await handle.db
      .select()
      .from(quotes)
      .where(eq(quotes.status, "accepted"))
      .orderBy(asc(quotes.number), asc(quotes.revision));
    const mismatches: QuoteCheck["mismatches"] = [];
    for (const row of rows) {
      // The project's live name is not part of the hash: the name kept with the quote will do.
      const computed = quoteContentHash(toQuote(row, null));
      if (row.acceptedContentHash !== computed)
        mismatches.push({ number: row.number, revision: row.revision, stored: row.acceptedContentHash, computed });
    }
    return { checked: rows.length, mismatches };
  } finally {
    await handle.close();
  }
}
