import { afterAll, beforeAll } from "vitest";
import { site } from "~/config/site";
import { createAdminToken } from "./admin";
import { createTestServer } from "./app";
import { billingApi, testDataDir } from "./billing";
import { startSmtpServer } from "./smtp";
import { start as startStripePeer, type StripePeer } from "./stripe-peer";

type Server = Awaited<ReturnType<typeof createTestServer>>;

/** An app on its own port with card payments on: the stripe SDK against the local stand-in, a real SMTP peer. */
export interface StripeBillingServer {
  server: Server;
  stripe: StripePeer;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  api: ReturnType<typeof billingApi>;
  adminToken: string;
}

/**
 * Starts, for the test file that calls it, the app, the Stripe stand-in (whose webhooks, signed with
 * `webhookSecret`, reach the app) and the SMTP peer, and stops them after the file. The fields are
 * filled before the first test.
 */
export function useStripeBillingServer(webhookSecret: string): StripeBillingServer {
  const running = {} as StripeBillingServer;
  beforeAll(async () => {
    running.smtp = await startSmtpServer();
    running.stripe = await startStripePeer({
      webhookUrl: () => `${running.server.origin}/api/stripe/webhook`,
      webhookSecret,
    });
    running.server = await createTestServer({
      env: {
        SMTP_URL: running.smtp.url,
        DATA_DIR: await testDataDir(),
        ...running.stripe.env,
        // Every test's calls come from one address: each token keeps its own limit.
        CALL_LIMIT_PER_ADDRESS: "100000",
      },
    });
    const admin = await createAdminToken(running.server.db);
    running.adminToken = admin.token;
    running.api = billingApi({ request: (path, init) => fetch(`${running.server.origin}${path}`, init) }, admin.auth);
  });
  afterAll(async () => {
    await running.server?.close();
    await running.stripe?.close();
    await running.smtp?.close();
  });
  return running;
}

/** Today in the business's time zone, as the billing days are written (yyyy-mm-dd). */
export const businessToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(new Date());
