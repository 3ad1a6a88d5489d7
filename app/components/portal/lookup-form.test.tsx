import { describe, expect, it } from "vitest";
import { portalCopy } from "~/content/portal-pages";
import { PORTAL_MESSAGES, USE_PROJECT_ID } from "~/contracts/portal-terms";
import { lookupHelp } from "./lookup-form";

describe("the portal lookup's help line (docs/product/client-portal.md 'Lookup')", () => {
  it("offers the e-mail address as the other way in while e-mail goes out", () => {
    expect(lookupHelp(true)).toBe(portalCopy.help);
    expect(lookupHelp(true)).toMatch(/e-mail address/);
  });

  it("without a mail server, says what the lookup's answer says: use the Project ID, never the e-mail", () => {
    const help = lookupHelp(false);
    expect(PORTAL_MESSAGES.emailUnavailable).toContain(USE_PROJECT_ID);
    expect(help).toContain(USE_PROJECT_ID);
    expect(help).toMatch(/Project ID/);
    expect(help).not.toMatch(/e-mail address instead/i);
    expect(help).toContain("Sign-in by e-mail is not available right now");
  });
});
