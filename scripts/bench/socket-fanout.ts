/**
 * Chat socket fan-out: 1,000 sockets on 50 inquiries (20 each, the
 * per-inquiry cap), then a visitor answer posted to every inquiry, in two
 * rounds (ROUNDS). For each socket, the delivery delay: from the moment the
 * message was stored (its `created_at`, the database's clock on this same
 * machine) to the arrival of its `new_message` frame; this is the fan-out's
 * cost and carries the target. Beside it, for information, the delay from
 * sending the POST (which also counts the time spent storing the message
 * while 49 other answers are being stored) and the POSTs' own p99.
 *
 * The app must allow 1,000 sockets and 50 new chats from 127.0.0.1:
 * INQUIRY_SOCKETS_PER_ADDRESS >= 1000, INQUIRY_CREATE_LIMIT >= 50 and
 * INQUIRY_MESSAGE_LIMIT >= 100.
 *
 * By itself: BENCH_BASE=http://127.0.0.1:3000 npx tsx scripts/bench/socket-fanout.ts
 */
import { pathToFileURL } from "node:url";
import { WebSocket } from "ws";
import type { BenchContext, BenchFigure } from "./types";

const INQUIRIES = 50;
const SOCKETS_PER_INQUIRY = 20;
const DELIVERY_DEADLINE_MS = 10_000;
const TARGET_P99_MS = 100;
/**
 * Every inquiry's answer posted at once (a burst: each POST also waits for
 * the others to be stored), then one answer every 20 ms (each message stored
 * on its own, so what is left of the delay is mostly the fan-out's).
 */
const ROUNDS = [
  { questionType: "name", answer: (i: number) => `Visitor ${i}`, pace: 0, what: "50 answers at once" },
  { questionType: "email", answer: (i: number) => `visitor${i}@example.com`, pace: 20, what: "an answer every 20 ms" },
] as const;

interface Frame {
  type: string;
  message?: { inquiry_id: string; author_type: string; content: string; created_at: string };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function createInquiry(base: string): Promise<string> {
  const res = await fetch(`${base}/api/inquiries/create`, { method: "POST" });
  if (res.status !== 201) throw new Error(`POST /api/inquiries/create answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { inquiryId: string }).inquiryId;
}

/** Opens one socket; `onFrame` sees every new_message with its arrival time. */
function openSocket(
  wsBase: string,
  id: string,
  onFrame: (frame: Frame, at: number, wallClock: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsBase}/api/inquiries/${id}/websocket`);
    socket.on("message", (data) => onFrame(JSON.parse(data.toString()) as Frame, performance.now(), Date.now()));
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_req, res) =>
      reject(new Error(`the socket upgrade answered ${res.statusCode} (is INQUIRY_SOCKETS_PER_ADDRESS >= 1000?)`)),
    );
    socket.once("error", reject);
  });
}

export async function section(ctx: Pick<BenchContext, "base">): Promise<BenchFigure[]> {
  const wsBase = ctx.base.replace(/^http/, "ws");
  const ids: string[] = [];
  for (let i = 0; i < INQUIRIES; i++) ids.push(await createInquiry(ctx.base));

  // Per round: the content expected on each inquiry, when its POST was sent, and each socket's delay.
  let expected = new Map<string, string>();
  let sentAt = new Map<string, number>();
  let delays: number[] = [];
  let fromPost: number[] = [];
  let duplicates = 0;
  let round = -1;
  const sockets: WebSocket[] = [];
  for (const id of ids) {
    const opened = Array.from({ length: SOCKETS_PER_INQUIRY }, () => {
      let seenInRound = -1;
      return openSocket(wsBase, id, (frame, at, wallClock) => {
        const message = frame.message;
        if (frame.type !== "new_message" || message?.author_type !== "visitor") return;
        if (message.inquiry_id !== id || message.content !== expected.get(id)) return;
        if (seenInRound === round) duplicates++;
        else {
          delays.push(Math.max(0, wallClock - Date.parse(message.created_at)));
          fromPost.push(at - sentAt.get(id)!);
        }
        seenInRound = round;
      });
    });
    sockets.push(...(await Promise.all(opened)));
  }

  const figures: BenchFigure[] = [];
  const label = `${sockets.length} inquiry sockets on ${INQUIRIES} inquiries`;
  const ms = (sorted: number[], p: number) => Math.round(percentile(sorted, p) * 10) / 10;
  let missing = 0;
  try {
    for (const { questionType, answer, pace, what } of ROUNDS) {
      expected = new Map(ids.map((id, i) => [id, answer(i)]));
      sentAt = new Map();
      delays = [];
      fromPost = [];
      round++;
      // How long the POSTs themselves took: the part of the delay spent storing the message.
      const answered: number[] = [];
      const posts: Promise<void>[] = [];
      for (const id of ids) {
        if (pace && posts.length) await new Promise((r) => setTimeout(r, pace));
        sentAt.set(id, performance.now());
        const post = fetch(`${ctx.base}/api/inquiries/${id}/messages`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            inquiry_id: id,
            author_type: "visitor",
            content: expected.get(id),
            message_type: "answer",
            question_type: questionType,
          }),
        }).then(async (res) => {
          if (res.status !== 201) throw new Error(`POST messages answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
          answered.push(performance.now() - sentAt.get(id)!);
        });
        posts.push(post);
      }
      await Promise.all(posts);
      const end = performance.now() + DELIVERY_DEADLINE_MS;
      while (delays.length < sockets.length && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
      missing += sockets.length - delays.length;
      delays.sort((a, b) => a - b);
      answered.sort((a, b) => a - b);
      fromPost.sort((a, b) => a - b);
      const p99 = ms(delays, 99);
      figures.push(
        {
          name: `${label}, ${what}: delivery p50`,
          value: ms(delays, 50),
          unit: "ms",
          target: `< ${TARGET_P99_MS}`,
          ok: ms(delays, 50) < TARGET_P99_MS,
        },
        {
          name: `${label}, ${what}: delivery p99`,
          value: p99,
          unit: "ms",
          target: `< ${TARGET_P99_MS}`,
          ok: p99 < TARGET_P99_MS,
        },
        {
          name: `${label}, ${what}: from sending the POST, p99`,
          value: ms(fromPost, 99),
          unit: "ms",
          target: "-",
          ok: true,
        },
        {
          name: `${label}, ${what}: the answer POSTs' own p99`,
          value: ms(answered, 99),
          unit: "ms",
          target: "-",
          ok: true,
        },
      );
    }
  } finally {
    for (const socket of sockets) socket.terminate();
  }
  figures.push({
    name: `${label}: frames missing or repeated`,
    value: missing + duplicates,
    unit: "frames",
    target: "0",
    ok: missing + duplicates === 0,
  });
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_BASE ?? "http://127.0.0.1:3000";
  for (const figure of await section({ base }))
    console.log(
      `${figure.name}: ${figure.value} ${figure.unit} (target ${figure.target}) ${figure.ok ? "ok" : "MISSED"}`,
    );
}
