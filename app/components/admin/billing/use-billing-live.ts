import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  BillingChangedEventSchema,
  PROJECT_EVENTS_PROTOCOL,
  projectEventsEndpoints,
  SESSION_ENDED_CLOSE,
} from "~/contracts/project-events";
import { urlOf } from "~/lib/api/call";
import { readToken } from "~/lib/admin/session";
import { browserEnvironment, connectLiveFeed, parseFrame, socketUrl } from "~/lib/live-feed";
import { refreshBilling } from "./api";

/** A `billing_changed` frame of the project's socket (the client accepted, declined or paid), or undefined. */
export const parseBillingChanged = (data: unknown) =>
  parseFrame(data, (json) => BillingChangedEventSchema.safeParse(json).data);

/**
 * The owner sees the client's decisions live (docs/product/billing.md "The client decides"): while
 * a project's details are open, its socket is listened to, and a `billing_changed` frame reads its
 * quotes, invoices, the Invoices screen, the dashboard's figures and the projects again. A
 * reconnection reads them again too (a change may have come while the feed was down).
 */
export function useBillingLive(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const environment = browserEnvironment();
    return connectLiveFeed(
      {
        name: "Project billing",
        url: socketUrl(urlOf(projectEventsEndpoints.socket, { params: { id: projectId } }), environment.location),
        protocols: [PROJECT_EVENTS_PROTOCOL, token],
        parse: parseBillingChanged,
        onEvent: () => void refreshBilling(queryClient),
        onOpen: ({ reconnected }) => {
          if (reconnected) void refreshBilling(queryClient);
        },
        endCode: SESSION_ENDED_CLOSE,
      },
      environment,
    );
  }, [projectId, queryClient]);
}
