import { site } from "~/config/site";
import type { OutgoingEmail } from "../services/mail-types";
import { createSignInLink, SIGN_IN_LINK_MS } from "../services/portal-access";
import { signature } from "./signature";
import type { DbOrTx } from "../db/tx";

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

/** Where the token goes in a stored sign-in e-mail: the outbox never holds the token itself. */
export const SIGN_IN_TOKEN_SLOT = "{sign-in-token}";

/** The sign-in link as stored in the outbox, its token still to be made. */
export const signInLinkTemplate = (siteUrl: string) => `${siteUrl}/client-portal/sign-in?token=${SIGN_IN_TOKEN_SLOT}`;

/**
 * A stored message's body as it is handed to SMTP: a sign-in e-mail gets a fresh link here (its
 * token stored only as a hash, valid until the message's own expiry), so neither the outbox nor a
 * backup of it holds a token that opens the portal. Every other message goes out as stored.
 */
export async function bodyAtSend(
  db: DbOrTx,
  row: { kind: string; toAddress: string; text: string; html: string | null; expiresAt: Date | null },
): Promise<{ text: string; html: string | null }> {
  if (row.kind !== "portal_sign_in" || !row.text.includes(SIGN_IN_TOKEN_SLOT))
    return { text: row.text, html: row.html };
  const { token } = await createSignInLink(db, row.toAddress, new Date(), row.expiresAt ?? undefined);
  const fill = (body: string) => body.replaceAll(SIGN_IN_TOKEN_SLOT, encodeURIComponent(token));
  return { text: fill(row.text), html: row.html === null ? null : fill(row.html) };
}
