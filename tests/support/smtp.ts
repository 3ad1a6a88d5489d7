import { SMTPServer } from "smtp-server";
import { freePort } from "./global-setup";

/** A real local SMTP peer for mail tests: it accepts everything and keeps what it received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The raw message with quoted-printable soft line breaks joined. */
  body: string;
}

export async function startSmtpServer(fixedPort?: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r\n[ \t]/g, " ") ?? "";
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body: raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
        });
        callback();
      });
    },
  });
  const port = fixedPort ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
