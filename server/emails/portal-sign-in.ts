import { site } from "~/config/site";
import type { OutgoingEmail } from "../services/mail";
import { SIGN_IN_LINK_MS } from "../services/portal-access";
import { signature } from "./signature";

/** The client portal's sign-in link (decision 017), for the address that asked. */
export function writePortalSignIn(email: string, link: string, expiresAt: Date): OutgoingEmail {
  const minutes = SIGN_IN_LINK_MS / 60_000;
  const text = [
    "Hi,",
    "",
    `Someone (hopefully you) asked to open your projects in the ${site.brand} client portal. Open this link and press "Sign in to your projects":`,
    "",
    link,
    "",
    `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail: nothing opens without it.`,
    "",
    signature(),
  ].join("\n");
  return {
    kind: "portal_sign_in",
    to: email,
    subject: `Your sign-in link to the client portal - ${site.brand}`,
    text,
    // A link that no longer works is never sent late (docs/decisions/028-outbox.md).
    expiresAt,
  };
}
