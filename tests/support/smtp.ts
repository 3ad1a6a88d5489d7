import { SMTPServer } from "smtp-server";
import { freePort } from "./global-setup";

/**
 * A real local SMTP peer for mail tests: it accepts everything and keeps what it received, or,
 * while `refuse` is set, answers every message with that SMTP reply (a 451 "try again later", a
 * 550 "no such user") as a provider's outage or refusal would.
 */
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
  const state: { refuse: { code: number; message: string } | null; refused: number } = { refuse: null, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refuse) return callback();
      state.refused++;
      callback(Object.assign(new Error(state.refuse.message), { responseCode: state.refuse.code }));
    },
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
    port,
    received,
    /** From now on, answer every message with this reply (null: accept again). */
    refuse(reply: { code: number; message: string } | null) {
      state.refuse = reply;
    },
    /** How many messages were refused so far. */
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
