import { randomBytes } from "node:crypto";
import type { Database } from "../../server/db/client";
import { adminUsers } from "../../server/db/schema";
import { createAdminSession } from "../../server/services/admin-sessions";

/**
 * A signed-in owner for API tests: a real account row and a real session
 * token. The password hash is a fixed non-scrypt string: these accounts never
 * sign in with a password, and scrypt's 128 MB would slow every test file.
 */
export async function createAdminToken(db: Database, name = "Tyler Brennan") {
  const [user] = await db
    .insert(adminUsers)
    .values({ email: `owner.${randomBytes(4).toString("hex")}@example.com`, name, passwordHash: "test-only" })
    .returning();
  const { token } = await createAdminSession(db, user!.id);
  return { token, user: user!, auth: { Authorization: `Bearer ${token}` } };
}
