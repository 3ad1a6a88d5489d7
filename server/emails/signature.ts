import { site } from "~/config/site";

/**
 * The owner's sign-off under every signed e-mail, from the business facts, so a new phone
 * number or name reaches every message at once. The admin's compose templates
 * (app/lib/admin/email-templates.ts, a browser module) sign in the same words.
 */
export function signature(): string {
  return [site.owner.firstName, `${site.owner.name}, ${site.brand}`, site.phone.display].join("\n");
}
