import {
  BillingChangedEventSchema,
  COMMENT_SOCKET_PROTOCOL,
  projectCommentsEndpoints,
  SESSION_ENDED_CLOSE,
} from "~/contracts/project-comments";
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
      url: socketUrl(urlOf(projectCommentsEndpoints.socket, { params: { id: projectId } }), environment.location),
      protocols: [COMMENT_SOCKET_PROTOCOL, token],
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
