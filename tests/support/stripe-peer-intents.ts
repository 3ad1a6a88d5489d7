import type { IncomingMessage, ServerResponse } from "node:http";
import type { Stripe } from "stripe";

/**
 * The Stripe stand-in's customers, saved cards and PaymentIntents (docs/product/billing.md "Care
 * plans", automatic payment; decision 062), beside its Checkout sessions (stripe-peer.ts):
 *
 * - POST /v1/customers makes a customer; a Checkout session made with `customer` and
 *   `payment_intent_data[setup_future_usage]=off_session` (payment mode) or in setup mode saves a
 *   card for it when paid: `cardSaved(session)` writes the PaymentIntent or SetupIntent and its
 *   `payment_intent.succeeded` / `setup_intent.succeeded` event (customer and payment_method ids,
 *   the intent data's metadata), as Stripe sends it after checkout.session.completed.
 * - GET /v1/payment_methods/{id} answers the card (brand, last4); POST …/detach detaches it.
 * - POST /v1/payment_intents charges a saved card off-session (`confirm=true`, `off_session=true`):
 *   200 with status succeeded, or, for a card set to decline (`decline(pm)`), Stripe's 402
 *   card_error naming the PaymentIntent; either way the signed `payment_intent.succeeded` or
 *   `payment_intent.payment_failed` event follows the answer. An Idempotency-Key with the same
 *   parameters answers the first intent again and charges nothing more.
 */

export interface PeerCard {
  id: string;
  customer: string;
  brand: string;
  last4: string;
  detached: boolean;
}

export interface PeerIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: "succeeded" | "requires_payment_method";
  off_session: boolean;
  setup_future_usage: string | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code: string; message: string; type: "card_error" } | null;
  idempotencyKey: string | null;
}

type Reply = (res: ServerResponse, status: number, body: unknown) => void;

export interface IntentsDeps {
  newId(prefix: string): string;
  json: Reply;
  readBody(req: IncomingMessage): Promise<string>;
  /** Sends a signed event to the app once the answer is out (held while the test holds events). */
  send(event: Stripe.Event): void;
}

/** Form keys of a nested object (`metadata[invoice_id]` of `payment_intent_data[metadata]`) as a plain record. */
export function formRecord(form: Record<string, string>, prefix: string): Record<string, string> {
  const head = `${prefix}[`;
  return Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith(head) && key.endsWith("]") && !key.slice(head.length, -1).includes("["))
      .map(([key, value]) => [key.slice(head.length, -1), value]),
  );
}

export function eventOf(newId: IntentsDeps["newId"], type: string, object: unknown): Stripe.Event {
  return {
    id: newId("evt"),
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

const missing = (what: string, id: string) => ({
  error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` },
});

export function createIntents(deps: IntentsDeps) {
  const customers = new Map<string, { id: string; email: string | null; name: string | null }>();
  const cards = new Map<string, PeerCard>();
  const intents = new Map<string, PeerIntent>();
  const declines = new Map<string, { code: string; decline_code: string; message: string }>();
  const replays = new Map<string, { body: string; status: number; answer: unknown }>();

  const publicIntent = ({ idempotencyKey: _key, ...intent }: PeerIntent) => intent;
  const publicCard = (card: PeerCard) => ({
    id: card.id,
    object: "payment_method",
    type: "card",
    customer: card.detached ? null : card.customer,
    card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
  });

  function newCard(customer: string): PeerCard {
    const card = { id: deps.newId("pm"), customer, brand: "visa", last4: "4242", detached: false };
    cards.set(card.id, card);
    return card;
  }

  /**
   * A Checkout session was paid (or, in setup mode, completed): its PaymentIntent or SetupIntent,
   * the card it saved, and the intent's event that carries the card (null when none was saved), to
   * send after checkout.session.completed.
   */
  function cardSaved(session: { mode: string; amount_total: number; currency: string; form: Record<string, string> }): {
    paymentIntent: string | null;
    setupIntent: string | null;
    event: Stripe.Event | null;
  } {
    const customer = session.form.customer ?? null;
    if (session.mode === "setup") {
      if (!customer) return { paymentIntent: null, setupIntent: null, event: null };
      const card = newCard(customer);
      const id = deps.newId("seti");
      const event = eventOf(deps.newId, "setup_intent.succeeded", {
        id,
        object: "setup_intent",
        status: "succeeded",
        usage: "off_session",
        customer,
        payment_method: card.id,
        metadata: formRecord(session.form, "setup_intent_data[metadata]"),
      });
      return { paymentIntent: null, setupIntent: id, event };
    }
    const saving = session.form["payment_intent_data[setup_future_usage]"] ?? null;
    const card = customer && saving ? newCard(customer) : null;
    const intent: PeerIntent = {
      id: deps.newId("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      customer,
      payment_method: card?.id ?? null,
      status: "succeeded",
      off_session: false,
      setup_future_usage: saving,
      metadata: formRecord(session.form, "payment_intent_data[metadata]"),
      last_payment_error: null,
      idempotencyKey: null,
    };
    intents.set(intent.id, intent);
    // Stripe sends payment_intent.succeeded for every Checkout payment; the stand-in sends it for
    // those that save a card, the ones the app reads.
    return { paymentIntent: intent.id, setupIntent: null, event: card ? intentEvent(intent.id) : null };
  }

  /** The event of an intent's outcome, with a new event id (a second event for the same intent, a test's own). */
  function intentEvent(id: string, object: Partial<PeerIntent> = {}): Stripe.Event {
    const intent = intents.get(id);
    if (!intent) throw new Error(`No PaymentIntent ${id} on the Stripe stand-in`);
    const type = intent.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
    return eventOf(deps.newId, type, { ...publicIntent(intent), ...object });
  }

  async function createIntent(req: IncomingMessage, res: ServerResponse) {
    const raw = await deps.readBody(req);
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const seen = key ? replays.get(key) : undefined;
    if (seen) {
      if (seen.body !== raw)
        return deps.json(res, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      res.setHeader("Idempotent-Replayed", "true");
      return deps.json(res, seen.status, seen.answer);
    }
    const form = Object.fromEntries(new URLSearchParams(raw));
    const amount = Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount < 50)
      return deps.json(res, 400, {
        error: { type: "invalid_request_error", param: "amount", message: "Invalid amount" },
      });
    const card = form.payment_method ? cards.get(form.payment_method) : undefined;
    if (!card) return deps.json(res, 400, missing("PaymentMethod", form.payment_method ?? ""));
    if (card.detached || card.customer !== form.customer)
      return deps.json(res, 400, {
        error: {
          type: "invalid_request_error",
          message: `The PaymentMethod ${card.id} does not belong to the Customer ${form.customer ?? "(none)"}.`,
        },
      });
    const decline = declines.get(card.id) ?? null;
    const intent: PeerIntent = {
      id: deps.newId("pi"),
      object: "payment_intent",
      amount,
      amount_received: decline ? 0 : amount,
      currency: form.currency ?? "usd",
      customer: form.customer ?? null,
      payment_method: card.id,
      status: decline ? "requires_payment_method" : "succeeded",
      off_session: form.off_session === "true",
      setup_future_usage: null,
      metadata: formRecord(form, "metadata"),
      last_payment_error: decline ? { ...decline, type: "card_error" } : null,
      idempotencyKey: key,
    };
    intents.set(intent.id, intent);
    const [status, answer] = decline
      ? [
          402,
          {
            error: {
              type: "card_error",
              code: decline.code,
              decline_code: decline.decline_code,
              message: decline.message,
              payment_intent: publicIntent(intent),
            },
          },
        ]
      : [200, publicIntent(intent)];
    if (key) replays.set(key, { body: raw, status, answer });
    deps.json(res, status, answer);
    deps.send(intentEvent(intent.id));
  }

  /** Answers the stand-in's API calls of this part; false for another path. */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (req.method === "POST" && path === "/v1/customers") {
      const form = Object.fromEntries(new URLSearchParams(await deps.readBody(req)));
      const customer = { id: deps.newId("cus"), email: form.email ?? null, name: form.name ?? null };
      customers.set(customer.id, customer);
      deps.json(res, 200, { ...customer, object: "customer", metadata: formRecord(form, "metadata") });
      return true;
    }
    if (req.method === "POST" && path === "/v1/payment_intents") {
      await createIntent(req, res);
      return true;
    }
    const method = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)(\/detach)?$/.exec(path);
    if (method) {
      const card = cards.get(method[1]!);
      if (!card) deps.json(res, 404, missing("PaymentMethod", method[1]!));
      else if (req.method === "POST" && method[2]) {
        await deps.readBody(req);
        card.detached = true;
        deps.json(res, 200, publicCard(card));
      } else deps.json(res, 200, publicCard(card));
      return true;
    }
    return false;
  }

  return {
    customers,
    cards,
    intents,
    handle,
    cardSaved,
    intentEvent,
    /** The card's next off-session charges are declined with this error, until `decline(pm, null)`. */
    decline(paymentMethod: string, error: { code: string; decline_code: string; message: string } | null) {
      if (error) declines.set(paymentMethod, error);
      else declines.delete(paymentMethod);
    },
  };
}

export type PeerIntents = ReturnType<typeof createIntents>;
