import { describe, expect, it } from "vitest";
import { readJournal } from "../services/backups/catalog";

/**
 * drizzle's migrator applies the migrations whose journal time is later than the last applied
 * one's: a migration written with an earlier time than the one before it would never reach a
 * database that already has that one.
 */
describe("the migrations' journal", () => {
  it("gives each migration a later time than the one before it, in the order of their numbers", async () => {
    const entries = await readJournal();
    entries.forEach((entry, i) => {
      expect(entry.tag.startsWith(String(i).padStart(4, "0")), entry.tag).toBe(true);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(entries[i - 1]!.when);
    });
  });
});
