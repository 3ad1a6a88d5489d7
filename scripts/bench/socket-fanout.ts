/**
 * Chat socket fan-out: 1,000 sockets on 50 inquiries (20 each, the
 * per-inquiry cap), then one visitor answer posted to every inquiry at once.
 * For each socket, the delay from sending the POST to receiving that answer's
 * `new_message` frame; two rounds (the name, then the e-mail question).
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

interface Frame {
  type: string;
  message?: { inquiry_id: string; author_type: string; content: string };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function createInquiry(base: string): Promise<string> {
  const res = await fetch(`${base}/api/inquiries/create`, { method: "POST" });
  if (res.status !== 201) throw new Error(`POST /api/inquiries/create answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { inquiryId: string }).inquiryId;
}

/** Opens one socket; `onFrame` sees every new_message with its arrival time. */
function openSocket(wsBase: string, id: string, onFrame: (frame: Frame, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsBase}/api/inquiries/${id}/websocket`);
    socket.on("message", (data) => onFrame(JSON.parse(data.toString()) as Frame, performance.now()));
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

  // Per round: the content expected on each inquiry, when its POST was sent, and each socket's arrival.
  let expected = new Map<string, string>();
  let sentAt = new Map<string, number>();
  let delays: number[] = [];
  let duplicates = 0;
  let round = -1;
  const sockets: WebSocket[] = [];
  for (const id of ids) {
    const opened = Array.from({ length: SOCKETS_PER_INQUIRY }, () => {
      let seenInRound = -1;
      return openSocket(wsBase, id, (frame, at) => {
        const message = frame.message;
        if (frame.type !== "new_message" || message?.author_type !== "visitor") return;
        if (message.inquiry_id !== id || message.content !== expected.get(id)) return;
        if (seenInRound === round) duplicates++;
        else delays.push(at - sentAt.get(id)!);
        seenInRound = round;
      });
    });
    sockets.push(...(await Promise.all(opened)));
  }

  const all: number[] = [];
  let missing = 0;
  try {
    for (const [questionType, answer] of [
      ["name", (i: number) => `Visitor ${i}`],
      ["email", (i: number) => `visitor${i}@example.com`],
    ] as const) {
      expected = new Map(ids.map((id, i) => [id, answer(i)]));
      sentAt = new Map();
      delays = [];
      round++;
      const posts = ids.map((id) => {
        sentAt.set(id, performance.now());
        return fetch(`${ctx.base}/api/inquiries/${id}/messages`, {
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
        });
      });
      await Promise.all(posts);
      const end = performance.now() + DELIVERY_DEADLINE_MS;
      while (delays.length < sockets.length && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
      missing += sockets.length - delays.length;
      all.push(...delays);
    }
  } finally {
    for (const socket of sockets) socket.terminate();
  }

  all.sort((a, b) => a - b);
  const p50 = Math.round(percentile(all, 50) * 10) / 10;
  const p99 = Math.round(percentile(all, 99) * 10) / 10;
  const label = `${sockets.length} inquiry sockets on ${INQUIRIES} inquiries`;
  return [
    { name: `${label}: delivery p50`, value: p50, unit: "ms", target: `< ${TARGET_P99_MS}`, ok: p50 < TARGET_P99_MS },
    {
      name: `${label}: delivery p99`,
      value: p99,
      unit: "ms",
      target: `< ${TARGET_P99_MS}`,
      ok: p99 < TARGET_P99_MS && missing === 0 && duplicates === 0,
    },
    { name: `${label}: frames missing or repeated`, value: missing + duplicates, unit: "frames", target: "0", ok: missing + duplicates === 0 },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_BASE ?? "http://127.0.0.1:3000";
  for (const figure of await section({ base }))
    console.log(`${figure.name}: ${figure.value} ${figure.unit} (target ${figure.target}) ${figure.ok ? "ok" : "MISSED"}`);
}
