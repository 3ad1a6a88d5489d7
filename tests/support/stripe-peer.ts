import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Stripe } from "stripe";
import { createIntents, eventOf, formRecord, type PeerIntents } from "./stripe-peer-intents";

/**
 * A local stand-in for Stripe, as the suite runs a real SMTP peer and an S3 stand-in
 * (docs/product/billing.md "Payments"; decision 042): the app's own `stripe` SDK talks to it
 * through STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL.
 *
 * - POST /v1/checkout/sessions (form-encoded, as the SDK sends it) answers a Checkout session
 *   whose url is a page of the stand-in: GET /pay/{session} shows a "Pay $x" button. As Stripe
 *   does, it takes `expires_at` (30 minutes to 24 hours from now, else 400) and an
 *   Idempotency-Key header: the same key with the same parameters answers the first session again
 *   (Idempotent-Replayed: true), with other parameters a 400 idempotency_error.
 * - GET /v1/checkout/sessions/{id} reads one; POST /v1/checkout/sessions/{id}/expire expires an
 *   open one (400 for a complete or expired one, as Stripe answers). An expired session cannot
 *   be paid on its page, nor by complete().
 * - Pressing it (POST /pay/{session}) sends a signed checkout.session.completed to the app's
 *   webhook (stripe.webhooks.generateTestHeaderString with the webhook secret) and, once the app
 *   has answered, redirects the browser to the session's success_url.
 *
 * - Customers, saved cards and off-session PaymentIntents: stripe-peer-intents.ts (`intents`). A
 *   session made with `customer` that saves a card sends, after its checkout.session.completed,
 *   the payment_intent.succeeded (or setup_intent.succeeded) that carries the card.
 *
 * start({ webhookUrl, webhookSecret }) -> { host, port, url, sessions, env, complete, deliver,
 * paidEvent, intents, hold, release, settled, close }. `env` is what the app needs to use it; `complete(sessionId)` pays without a
 * browser (API tests), `paidEvent(sessionId)` writes the signed-to-be event of a session paid
 * whatever its state (a payment that raced its expiry, a second tab), and `deliver(event)` sends an
 * event again, or one of the test's own.
 */

export interface PeerSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_intent: string | null;
  setup_intent: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  /** Unix seconds, as Stripe answers it. */
  expires_at: number;
  /** The form the SDK posted, as flat keys (line_items[0][price_data][unit_amount]). */
  form: Record<string, string>;
  /** The secret key it came with (Authorization: Bearer ...). */
  apiKey: string;
  /** The Idempotency-Key header it was made with. */
  idempotencyKey: string | null;
}

export interface WebhookDelivery {
  event: Stripe.Event;
  status: number;
  body: string;
}

export interface StripePeer {
  host: string;
  port: number;
  /** http://127.0.0.1:{port}: the pages' origin. */
  url: string;
  sessions: Map<string, PeerSession>;
  /** Every webhook sent, in order. */
  deliveries: WebhookDelivery[];
  /** The app's environment for this stand-in (a test secret key, the webhook secret, the address). */
  env: Record<string, string>;
  /** Marks an open session paid and sends its signed checkout.session.completed (throws for an expired one). */
  complete(sessionId: string): Promise<WebhookDelivery>;
  /**
   * The checkout.session.completed of the session paid, with a new event id, whatever its state:
   * a payment that completed before its expiry reached Stripe, or a second event for the same
   * money. `object` overrides fields of the session (amount_total, currency...).
   */
  paidEvent(sessionId: string, object?: Record<string, unknown>): Stripe.Event;
  /** Sends an event (signed with the webhook secret unless a header is given). */
  deliver(event: Stripe.Event, signature?: string): Promise<WebhookDelivery>;
  /** Customers, saved cards and off-session PaymentIntents. */
  intents: PeerIntents;
  /** While held, the events that follow an API answer (an off-session charge's) wait for release(). */
  hold(on: boolean): void;
  /** Sends the held events, in order; answers their deliveries. */
  release(): Promise<WebhookDelivery[]>;
  /** Waits for the events sent after an answer to have been delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Request-Id": newId("req"),
  });
  res.end(text);
}

function page(res: ServerResponse, status: number, title: string, main: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1a1a1a;background:#f6f9fc}main{max-width:28rem;margin:0 auto;background:#fff;padding:1.5rem;border-radius:.5rem}button{font-size:1.1rem;padding:.75rem 1.5rem;background:#0a4ea8;color:#fff;border:0;border-radius:.375rem;cursor:pointer;width:100%}</style>
</head><body><main>${main}</main></body></html>`;
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
  res.end(html);
}

/**
 * `webhookUrl` may be a function, read at each delivery: the app's address is often known only
 * after the app starts, and the app needs the stand-in's address to start.
 */
export async function start(options: {
  webhookUrl: string | (() => string);
  webhookSecret: string;
}): Promise<StripePeer> {
  const sessions = new Map<string, PeerSession>();
  const deliveries: WebhookDelivery[] = [];
  const signer = new Stripe("sk_test_stand_in");
  let origin = "";

  async function deliver(event: Stripe.Event, signature?: string): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const target = typeof options.webhookUrl === "function" ? options.webhookUrl() : options.webhookUrl;
    const res = await fetch(target, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });
    const delivery = { event, status: res.status, body: await res.text() };
    deliveries.push(delivery);
    return delivery;
  }

  const idempotent = new Map<string, { body: string; answer: unknown }>();
  let holding = false;
  const held: Stripe.Event[] = [];
  const sending = new Set<Promise<unknown>>();
  /** An event that follows an API answer: held, or delivered once the answer is out. */
  function send(event: Stripe.Event) {
    if (holding) return void held.push(event);
    const delivery = new Promise((resolve) => setTimeout(resolve, 5))
      .then(() => deliver(event))
      .catch(() => undefined)
      .finally(() => sending.delete(delivery));
    sending.add(delivery);
  }
  const intents = createIntents({ newId, json, readBody, send });

  function paidEvent(sessionId: string, overrides: Record<string, unknown> = {}): Stripe.Event {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No Checkout session ${sessionId} on the Stripe stand-in`);
    const { form: _form, apiKey: _key, idempotencyKey: _idem, ...object } = session;
    return eventOf(newId, "checkout.session.completed", {
      ...object,
      status: "complete",
      payment_status: session.mode === "setup" ? "no_payment_required" : "paid",
      url: null,
      ...overrides,
    });
  }

  async function complete(sessionId: string): Promise<WebhookDelivery> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No Checkout session ${sessionId} on the Stripe stand-in`);
    if (session.status === "expired") throw new Error(`Checkout session ${sessionId} has expired: it cannot be paid`);
    session.status = "complete";
    session.payment_status = session.mode === "setup" ? "no_payment_required" : "paid";
    const saved = intents.cardSaved(session);
    session.payment_intent = saved.paymentIntent;
    session.setup_intent = saved.setupIntent;
    const delivery = await deliver(paidEvent(sessionId));
    if (saved.event) await deliver(saved.event);
    return delivery;
  }

  const publicSession = ({ form: _form, apiKey: _key, idempotencyKey: _idem, ...answer }: PeerSession) => answer;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin || "http://127.0.0.1");
      const apiKey = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      const api = url.pathname.startsWith("/v1/");
      if (api && !apiKey.startsWith("sk_"))
        return json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (api && (await intents.handle(req, res, url.pathname))) return;
      const one = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)(\/expire)?$/.exec(url.pathname);
      if (one) {
        const found = sessions.get(one[1]!);
        if (!found)
          return json(res, 404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such checkout.session: '${one[1]}'`,
            },
          });
        if (req.method === "GET" && !one[2]) return json(res, 200, publicSession(found));
        if (req.method === "POST" && one[2]) {
          await readBody(req);
          if (found.status !== "open")
            return json(res, 400, {
              error: {
                type: "invalid_request_error",
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.status}".`,
              },
            });
          found.status = "expired";
          return json(res, 200, publicSession(found));
        }
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const raw = await readBody(req);
        const form = Object.fromEntries(new URLSearchParams(raw));
        const idempotencyKey =
          typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
        const seen = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (seen) {
          if (seen.body !== raw)
            return json(res, 400, {
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          res.setHeader("Idempotent-Replayed", "true");
          return json(res, 200, seen.answer);
        }
        const now = Math.floor(Date.now() / 1000);
        const expiresAt = form.expires_at === undefined ? now + 24 * 3600 : Number(form.expires_at);
        if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600 + 5)
          return json(res, 400, {
            error: {
              type: "invalid_request_error",
              param: "expires_at",
              message:
                "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
            },
          });
        let amount = 0;
        for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i++)
          amount +=
            Number(form[`line_items[${i}][price_data][unit_amount]`] ?? 0) * Number(form[`line_items[${i}][quantity]`]);
        const metadata = formRecord(form, "metadata");
        const id = newId("cs");
        const session: PeerSession = {
          id,
          object: "checkout.session",
          mode: form.mode ?? "payment",
          status: "open",
          payment_status: "unpaid",
          amount_total: amount,
          currency: form["line_items[0][price_data][currency]"] ?? "usd",
          metadata,
          customer: form.customer ?? null,
          payment_intent: null,
          setup_intent: null,
          client_reference_id: form.client_reference_id ?? null,
          success_url: form.success_url ?? "",
          cancel_url: form.cancel_url ?? "",
          url: `${origin}/pay/${id}`,
          expires_at: expiresAt,
          form,
          apiKey,
          idempotencyKey,
        };
        sessions.set(id, session);
        const answer = publicSession(session);
        if (idempotencyKey) idempotent.set(idempotencyKey, { body: raw, answer });
        return json(res, 200, answer);
      }
      const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const session = pay ? sessions.get(pay[1]!) : undefined;
      if (pay && !session) return page(res, 404, "Not found", "<h1>No such Checkout session</h1>");
      if (session && req.method === "GET") {
        const name = session.form["line_items[0][price_data][product_data][name]"] ?? "Save your card";
        const action = session.mode === "setup" ? "Save card" : `Pay ${dollars(session.amount_total)}`;
        const saves = session.mode === "setup" || session.form["payment_intent_data[setup_future_usage]"];
        return page(
          res,
          200,
          `${action} - Stripe stand-in`,
          session.status === "complete"
            ? `<h1>Already paid</h1><p><a href="${escapeHtml(session.success_url)}">Back to the site</a></p>`
            : session.status === "expired"
              ? `<h1>This Checkout session has expired</h1><p><a href="${escapeHtml(session.cancel_url)}">Back to the site</a></p>`
              : `<h1>${escapeHtml(name)}</h1><p>Test card payment on the local Stripe stand-in.</p>
${saves ? "<p>This card (Visa ending 4242) is saved for later payments.</p>" : ""}
<form method="post" action="/pay/${session.id}"><button type="submit">${action}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
        );
      }
      if (session && req.method === "POST") {
        if (session.status === "expired")
          return page(res, 410, "Expired", "<h1>This Checkout session has expired</h1>");
        if (session.status !== "complete") await complete(session.id);
        res.writeHead(303, { Location: session.success_url });
        return res.end();
      }
      json(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { type: "api_error", message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = "127.0.0.1";
  origin = `http://${host}:${port}`;
  return {
    host,
    port,
    url: origin,
    sessions,
    deliveries,
    env: {
      STRIPE_SECRET_KEY: "sk_test_stand_in",
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_HOST: host,
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    complete,
    deliver,
    paidEvent,
    intents,
    hold: (on) => void (holding = on),
    release: async () => {
      const out: WebhookDelivery[] = [];
      for (const event of held.splice(0)) out.push(await deliver(event));
      return out;
    },
    settled: async () => {
      while (sending.size > 0) await Promise.all([...sending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
