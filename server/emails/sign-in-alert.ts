import type { OutgoingEmail } from "../services/mail";

/**
 * The e-mail an account's owner gets when failed sign-ins to it from many
 * addresses pass the per-account limit (sent at most once per window).
 */
export function writeSignInAlert(input: {
  email: string;
  addresses: number;
  limit: number;
  windowMinutes: number;
  siteUrl: string;
}): OutgoingEmail {
  const { email, addresses, limit, windowMinutes, siteUrl } = input;
  const from = `${addresses} address${addresses === 1 ? "" : "es"}`;
  const text = [
    `More than ${limit} sign-ins to ${email} at ${siteUrl}/login failed in the last ${windowMinutes} minutes, from ${from}.`,
    "",
    `Sign-ins to this account are being slowed for the next ${windowMinutes} minutes: each address gets one try, and an address that already failed waits.`,
    "You can still sign in yourself from a device that has not failed a sign-in in that time.",
    "",
    "If these were not you, someone is guessing the password. A long password that is used nowhere else is safe from it;",
    `to change it: npm run admin -- reset-password ${email}`,
  ].join("\n");
  return { kind: "sign_in_alert", to: email, subject: "Sign-ins to your account are being slowed", text };
}
