import { writeTestEmail } from "../emails/test-email";
import { createTransport } from "./mail";
import { describeSmtpError } from "./smtp-errors";

/**
 * A test e-mail, sent at once to see whether SMTP_URL works: the owner reads the mail server's
 * own answer, or what went wrong in plain words (the admin's settings and `npm run admin --
 * send-test-email`). Not through the outbox: nothing waits or is retried.
 */
export async function sendTestEmail(
  smtpUrl: string,
  from: string,
  to: string,
): Promise<{ ok: true; response: string } | { ok: false; error: string }> {
  try {
    const info = (await createTransport(smtpUrl).sendMail({
      from,
      to,
      ...writeTestEmail(),
    })) as { response?: string };
    return { ok: true, response: info.response ?? "accepted" };
  } catch (error) {
    return { ok: false, error: describeSmtpError(error, smtpUrl) };
  }
}
