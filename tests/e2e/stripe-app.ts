import { randomBytes } from "node:crypto";
import { paymentsEndpoints } from "~/contracts/payments";
import { start as startStripePeer, type StripePeer } from "../support/stripe-peer";
import { startOwnApp, type OwnApp } from "./own-app";

/**
 * Runs a journey on an app of its own with card payments set up against a fresh Stripe stand-in
 * (tests/support/stripe-peer.ts), whose signed webhooks reach that app; both are stopped after it,
 * whatever its outcome.
 */
export async function withStripeApp<T>(journey: (app: OwnApp, peer: StripePeer) => Promise<T>): Promise<T> {
  let app: OwnApp | undefined;
  const peer = await startStripePeer({
    webhookUrl: () => `${app!.origin}${paymentsEndpoints.webhook.path}`,
    webhookSecret: `whsec_${randomBytes(16).toString("hex")}`,
  });
  try {
    app = await startOwnApp(peer.env);
    return await journey(app, peer);
  } finally {
    await app?.stop();
    await peer.close();
  }
}
