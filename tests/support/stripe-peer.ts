import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Stripe } from "stripe";

/**
 * A local stand-in for Stripe, as the suite runs a real SMTP peer and an S3 stand-in
 * (docs/product/billing.md "Payments"; decision 042): the app's own `stripe` SDK talks to it
 * through STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL.
 *
 * - POST /v1/checkout/sessions (form-encoded, as the SDK sends it) answers a Checkout session
 *   whose url is a page of the stand-in: GET /pay/{session} shows a "Pay $x" button.
 * - Pressing it (POST /pay/{session}) sends a signed checkout.session.completed to the app's
 *   webhook (stripe.webhooks.generateTestHeaderString with the webhook secret) and, once the app
 *   has answered, redirects the browser to the session's success_url.
 *
 * start({ webhookUrl, webhookSecret }) -> { host, port, url, sessions, env, complete, deliver, close }.
 * `env` is what the app needs to use it; `complete(sessionId)` pays without a browser (API
 * tests) and `deliver(event)` sends an event again, or one of the test's own.
 */

export interface PeerSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  /** The form the SDK posted, as flat keys (line_items[0][price_data][unit_amount]). */
  form: Record<string, string>;
  /** The secret key it came with (Authorization: Bearer ...). */
  apiKey: string;
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
  /** Marks the session paid and sends its signed checkout.session.completed. */
  complete(sessionId: string): Promise<WebhookDelivery>;
  /** Sends an event (signed with the webhook secret unless a header is given). */
  deliver(event: Stripe.Event, signature?: string): Promise<WebhookDelivery>;
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

  async function complete(sessionId: string): Promise<WebhookDelivery> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No Checkout session ${sessionId} on the Stripe stand-in`);
    session.status = "complete";
    session.payment_status = "paid";
    const { form: _form, apiKey: _key, ...object } = session;
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "checkout.session.completed",
      data: { object: { ...object, url: null } },
    } as unknown as Stripe.Event;
    return deliver(event);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin || "http://127.0.0.1");
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const apiKey = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
        if (!apiKey.startsWith("sk_"))
          return json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        let amount = 0;
        for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i++)
          amount +=
            Number(form[`line_items[${i}][price_data][unit_amount]`] ?? 0) * Number(form[`line_items[${i}][quantity]`]);
        const metadata = Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => /^metadata\[[^\]]+\]$/.test(key))
            .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
        );
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
          client_reference_id: form.client_reference_id ?? null,
          success_url: form.success_url ?? "",
          cancel_url: form.cancel_url ?? "",
          url: `${origin}/pay/${id}`,
          form,
          apiKey,
        };
        sessions.set(id, session);
        const { form: _form, apiKey: _key, ...answer } = session;
        return json(res, 200, answer);
      }
      const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const session = pay ? sessions.get(pay[1]!) : undefined;
      if (pay && !session) return page(res, 404, "Not found", "<h1>No such Checkout session</h1>");
      if (session && req.method === "GET") {
        const name = session.form["line_items[0][price_data][product_data][name]"] ?? "Your payment";
        return page(
          res,
          200,
          `Pay ${dollars(session.amount_total)} - Stripe stand-in`,
          session.status === "complete"
            ? `<h1>Already paid</h1><p><a href="${escapeHtml(session.success_url)}">Back to the site</a></p>`
            : `<h1>${escapeHtml(name)}</h1><p>Test card payment on the local Stripe stand-in.</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay ${dollars(session.amount_total)}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
        );
      }
      if (session && req.method === "POST") {
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
