import { writeFileSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { OWNER_STATE, signIn } from "./admin-fixtures";

/**
 * Signs the owner in once through the real /login page and saves the browser state the
 * back-office journeys start from. The sign-in journeys (admin-auth.spec.ts) sign in for
 * themselves: they log out and revoke tokens, which must not end this shared session.
 */
setup("the owner signs in through /login", async ({ page }) => {
  await signIn(page);
  const state = await page.context().storageState();
  // Only the session: consent and other stored choices stay each journey's own.
  for (const origin of state.origins)
    origin.localStorage = origin.localStorage.filter((item) => item.name === AUTH_TOKEN_KEY);
  writeFileSync(OWNER_STATE, JSON.stringify(state), { mode: 0o600 });
});
