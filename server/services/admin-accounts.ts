import { site } from "~/config/site";
import { announceAccessChange } from "./access-changes";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminSessions, adminUsers } from "../db/schema";
import { liftLoginPauses } from "./login-throttle";
import { generatePassword, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords";
import { isUniqueViolation } from "../db/tx";

/**
 * Owner accounts. There is no sign-up: accounts come from `npm run admin`,
 * or on first start from ADMIN_EMAIL / ADMIN_PASSWORD (or a generated
 * password printed once).
 */
export class AccountError extends Error {}

export function checkNewPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new AccountError(`The password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH)
    throw new AccountError(`The password can have at most ${PASSWORD_MAX_LENGTH} characters`);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createAdmin(db: Database, input: { email: string; name?: string; password?: string }) {
  const email = input.email.trim();
  if (!emailPattern.test(email)) throw new AccountError(`"${input.email}" is not an e-mail address`);
  const password = input.password ?? generatePassword();
  checkNewPassword(password);
  const [existing] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = lower(${email})`);
  if (existing) throw new AccountError(`An admin with the e-mail ${email} already exists (use reset-password)`);
  const [user] = await db
    .insert(adminUsers)
    .values({ email, name: input.name?.trim() || email.split("@")[0]!, passwordHash: await hashPassword(password) })
    .returning({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name });
  return { user: user!, password, generated: input.password === undefined };
}

/** Sets a new password, signs the account out everywhere and lifts its sign-in pauses. */
export async function resetAdminPassword(db: Database, email: string, password = generatePassword()) {
  checkNewPassword(password);
  const [user] = await db
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
    .where(sql`lower(${adminUsers.email}) = lower(${email.trim()})`)
    .returning({ id: adminUsers.id, email: adminUsers.email });
  if (!user) throw new AccountError(`No admin with the e-mail ${email}`);
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(adminSessions.userId, user.id));
  await announceAccessChange(db);
  await liftLoginPauses(db, user.email);
  return { user, password };
}

export function listAdmins(db: Database) {
  return db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
      createdAt: adminUsers.createdAt,
      lastLoginAt: adminUsers.lastLoginAt,
    })
    .from(adminUsers)
    .orderBy(asc(adminUsers.id));
}

/**
 * First start: make sure someone can sign in. The account is ADMIN_EMAIL (or
 * the owner's address) with ADMIN_PASSWORD, or a generated password printed
 * once on the console.
 */
export async function ensureFirstAdmin(
  db: Database,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string; OWNER_EMAIL: string; SITE_URL: string },
): Promise<void> {
  const [any] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (any) return;
  let created;
  try {
    created = await createAdmin(db, {
      email: env.ADMIN_EMAIL ?? env.OWNER_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: site.owner.name,
    });
  } catch (error) {
    // Two processes starting at once: the unique e-mail index lets only one create it.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  const email = created.user.email;
  console.log(
    [
      "",
      `Created the admin account ${email}. Sign in at ${env.SITE_URL}/login`,
      created.generated
        ? `Its password, shown only this once: ${created.password}\n(Change it any time: npm run admin -- reset-password ${email})`
        : "Its password is the ADMIN_PASSWORD you set.",
      "",
    ].join("\n"),
  );
}

/** The account signing in with this e-mail (already lower-cased), if any. */
export async function findAdminForSignIn(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${email}`)
    .limit(1);
  return user;
}

/** Notes a successful sign-in on the account. */
export async function recordAdminSignIn(db: Database, userId: number) {
  await db
    .update(adminUsers)
    .set({ lastLoginAt: sql`now()` })
    .where(sql`${adminUsers.id} = ${userId}`);
}
