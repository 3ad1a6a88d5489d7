import {
  BillingChangedEventSchema,
  PROJECT_EVENTS_PROTOCOL,
  projectEventsEndpoints,
  SESSION_ENDED_CLOSE,
} from "~/contracts/project-events";
import { urlOf } from "~/lib/api/call";
import { browserEnvironment, connectLiveFeed, parseFrame, socketUrl } from "~/lib/live-feed";

/** A `billing_changed` frame of the project's socket (a quote decided, an invoice sent or paid). */
export const isBillingChanged = (data: unknown): true | undefined =>
  parseFrame(data, (json) => (BillingChangedEventSchema.safeParse(json).success ? true : undefined));

/**
 * The Billing section follows the project's socket (the one the chat opens with the portal
 * session): a `billing_changed` frame, or a reconnection after the feed was down, reads the quotes
 * and invoices again. Answers the function that closes it.
 */
export function followBilling(projectId: string, token: string, onChange: () => void): () => void {
  const environment = browserEnvironment();
  return connectLiveFeed(
    {
      name: "Project billing",
      url: socketUrl(urlOf(projectEventsEndpoints.socket, { params: { id: projectId } }), environment.location),
      protocols: [PROJECT_EVENTS_PROTOCOL, token],
      parse: isBillingChanged,
      onEvent: onChange,
      onOpen: ({ reconnected }) => {
        if (reconnected) onChange();
      },
      endCode: SESSION_ENDED_CLOSE,
    },
    environment,
  );
}
