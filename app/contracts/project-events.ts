import { z } from "~/contracts/zod";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { COMMENT_EXAMPLE, ProjectCommentSchema } from "./project-comments";

/**
 * A project's live events (docs/decisions/055-one-project-event-channel.md): what happens to a
 * project (a new comment, a change to its quotes or invoices) is announced on one LISTEN/NOTIFY
 * channel when its transaction commits, and the project's socket (server/realtime/project-sockets.ts)
 * relays it to the browsers as a frame. Here: the channel and its payload, the frames, and the socket.
 */

/** The one channel of every project's events (NOTIFY payloads are ProjectEvent JSON). */
export const PROJECT_EVENTS_CHANNEL = "project_events";

/**
 * A notification of the channel, between app processes (never sent to a browser). A comment's
 * carries its socket frame when the payload fits PostgreSQL's limit, else only the comment's id,
 * and the relaying process loads it; a billing change's frame is built from the project alone.
 */
export const ProjectEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("comment"),
    projectId: z.string().min(1),
    commentId: z.number().int().positive(),
    frame: z.string().optional(),
  }),
  z.object({ kind: z.literal("billing"), projectId: z.string().min(1) }),
]);

export type ProjectEvent = z.infer<typeof ProjectEventSchema>;

/** WebSocket /api/projects/{id}/websocket: one frame per new comment. */
export const NewCommentEventSchema = z
  .object({ type: z.literal("new_comment"), comment: ProjectCommentSchema })
  .meta({ id: "NewCommentEvent", example: { type: "new_comment", comment: COMMENT_EXAMPLE } });

export type NewCommentEvent = z.infer<typeof NewCommentEventSchema>;

/**
 * The project's quotes or invoices changed (a quote viewed, accepted or declined, a payment
 * recorded, docs/product/billing.md "The calls"): the screens that show them read them again.
 */
export const BillingChangedEventSchema = z
  .object({ type: z.literal("billing_changed"), project_id: z.string().meta({ example: COMMENT_EXAMPLE.project_id }) })
  .meta({ id: "BillingChangedEvent", example: { type: "billing_changed", project_id: COMMENT_EXAMPLE.project_id } });

export type BillingChangedEvent = z.infer<typeof BillingChangedEventSchema>;

/** Every frame of the project's socket. */
export const ProjectSocketEventSchema = z.union([NewCommentEventSchema, BillingChangedEventSchema]);

export type ProjectSocketEvent = z.infer<typeof ProjectSocketEventSchema>;

/**
 * The subprotocol a browser offers (with its token as the second) to open the socket without a
 * token in the address. Its text keeps the feed's first name: open tabs and API clients offer it.
 */
export const PROJECT_EVENTS_PROTOCOL = "project-comments";

/** The socket's close code when the token no longer opens the project (ended, expired): no reconnecting. */
export const SESSION_ENDED_CLOSE = 4401;

/** A project's live feed (docs/product/client-portal.md "The calls", docs/product/billing.md "The calls"). */
export const projectEventsEndpoints = {
  /**
   * The live feed, a WebSocket (server/realtime/project-sockets.ts): each frame is a new comment,
   * or word that the project's billing changed.
   * A browser offers its token as the second subprotocol rather than in the address.
   */
  socket: endpoint({
    method: "get",
    path: "/api/projects/{id}/websocket",
    access: "project",
    params: ProjectIdParam,
    query: z.object({
      token: z
        .string()
        .max(200)
        .optional()
        .meta({ description: "An admin token or a portal token of the project (or send it as the subprotocol)" }),
    }),
    answer: ProjectSocketEventSchema,
    status: 101,
  }),
};
