import { site } from "~/config/site";

/** The test e-mail's words: it goes straight to SMTP, not through the outbox, so it has no kind or recipient here. */
export function writeTestEmail(now = new Date()): { subject: string; text: string } {
  return {
    subject: `Test e-mail from ${site.brand}`,
    text: [
      "This is a test e-mail from your website.",
      "",
      "If you can read it, the site can send e-mail: lead notifications, confirmations and client-portal sign-in links will arrive.",
      "",
      `Sent ${now.toUTCString()}`,
    ].join("\n"),
  };
}
