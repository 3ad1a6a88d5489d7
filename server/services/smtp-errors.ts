/**
 * A failed SMTP exchange in plain words, for the outbox's "last error", the test e-mail and the
 * command line: what went wrong and what to check, followed by the server's own words. The
 * owner reads this, not a stack trace (nodemailer's error codes: https://nodemailer.com/errors/).
 */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

function serverOf(smtpUrl: string | undefined): string {
  if (!smtpUrl) return "the mail server";
  try {
    const url = new URL(smtpUrl);
    const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
    return `${url.hostname}:${port}`;
  } catch {
    return "the mail server";
  }
}

export function describeSmtpError(error: unknown, smtpUrl?: string): string {
  const failure = (typeof error === "object" && error !== null ? error : { message: String(error) }) as SmtpFailure;
  const server = serverOf(smtpUrl);
  const said = (failure.response ?? failure.message ?? "").trim();
  const detail = said ? ` (${said})` : "";
  const message = failure.message ?? "";

  if (failure.code === "ECONNREFUSED" || /ECONNREFUSED/.test(message))
    return `Nothing answered at ${server}: the mail server is down or the port in SMTP_URL is wrong${detail}.`;
  if (failure.code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(message))
    return `The mail server's name in SMTP_URL could not be found (${server}): check the host name${detail}.`;
  if (failure.code === "ETIMEDOUT" || /timeout|ETIMEDOUT/i.test(message))
    return `The mail server at ${server} did not answer in time: check the host, the port and any firewall${detail}.`;
  if (failure.code === "EAUTH") return `The mail server refused the user name or password in SMTP_URL${detail}.`;
  if (failure.code === "ETLS" || /TLS|SSL|certificate/i.test(message))
    return `The secure connection to ${server} failed: use smtps:// with port 465, or smtp:// with port 587${detail}.`;
  if (failure.code === "EENVELOPE" && (failure.responseCode ?? 500) >= 500)
    return `The mail server refused the sender or recipient address${detail}.`;
  if (typeof failure.responseCode === "number") {
    const kind =
      failure.responseCode >= 500
        ? "refused the message for good"
        : "could not take the message just now (it will be tried again)";
    return `The mail server at ${server} ${kind}: ${failure.responseCode}${detail}.`;
  }
  if (failure.code === "ECONNECTION" || failure.code === "ESOCKET")
    return `The connection to the mail server at ${server} broke${detail}.`;
  return `Sending failed${detail}.`;
}
