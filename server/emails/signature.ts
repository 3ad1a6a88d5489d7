import { site } from "~/config/site";

/**
 * The owner's sign-off under every signed e-mail, from the business facts, so a new phone
 * number or name reaches every message at once. The admin's compose templates
 * (app/lib/admin/email-templates.ts, a browser module that cannot import this) sign in the same
 * words; signature.test.ts holds the two together.
 */
export function signature(): string {
  const { owner, brand, phone, email } = site;
  return ["Best,", owner.firstName, "", `${owner.name}, ${brand}`, phone.display, email].join("\n");
}
