import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startRealtimePeer } from "../../tests/support/realtime-peer-process";
import { WebSocket } from "ws";
import { ProjectCommentAnswerSchema, type ProjectComment } from "~/contracts/project-comments";
import {
  PROJECT_EVENTS_PROTOCOL,
  ProjectSocketEventSchema,
  type BillingChangedEvent,
  type ProjectEvent,
} from "~/contracts/project-events";
import { createAdminToken } from "../../tests/support/admin";
import { createTestServer } from "../../tests/support/app";
import { addProjectContact, clientEmail, createClientProject, portalToken } from "../../tests/support/projects";
import { createPortalSession, endPortalSession, PORTAL_SESSION_MS } from "../services/portal-access";
import { announceBillingChange } from "../services/billing/common";
import { newCommentFrame, projectEventPayload } from "../services/projects/project-events";
import { MAX_NOTIFY_PAYLOAD_BYTES } from "../services/inquiries";
import { readProjectNotification, SESSION_ENDED_CLOSE, socketToken } from "./project-sockets";

/**
 * A project's live discussion over real connections: this process serves the app as production
 * composes it (server/compose.ts); a second process (tests/support/realtime-peer.ts) serves the
 * same app on the same database, as a second instance behind a load balancer. Only tokens of
 * the project open its socket (decision 017).
 */
let ctx: Awaited<ReturnType<typeof createTestServer>>;
let base: string;
let peer: Awaited<ReturnType<typeof startRealtimePeer>>;
let peerBase: string;
let adminToken: string;
let anaProject: string;
let benProject: string;
let anaToken: string;
let benToken: string;

beforeAll(async () => {
  ctx = await createTestServer();
  base = new URL(ctx.origin).host;
  peer = await startRealtimePeer(ctx.databaseUrl);
  peerBase = peer.host;
  adminToken = (await createAdminToken(ctx.db, "Tyler Brennan")).token;
  anaProject = await createClientProject(ctx.db, { name: "Ana Ruiz", email: clientEmail("ana") });
  benProject = await createClientProject(ctx.db, { name: "Ben Okafor", email: clientEmail("ben") });
  anaToken = await portalToken(ctx.db, { projectId: anaProject });
  benToken = await portalToken(ctx.db, { projectId: benProject });
}, 60_000);

afterAll(async () => {
  peer?.stop();
  await ctx?.close();
});

const socketUrl = (host: string, projectId: string, token?: string) =>
  `ws://${host}/api/projects/${encodeURIComponent(projectId)}/websocket${token ? `?token=${encodeURIComponent(token)}` : ""}`;

/** A socket that records every comment and every billing notice; resolves once open. */
function listen(host: string, projectId: string, token: string, via: "query" | "protocol" = "query") {
  const comments: ProjectComment[] = [];
  const billing: BillingChangedEvent[] = [];
  const socket =
    via === "query"
      ? new WebSocket(socketUrl(host, projectId, token))
      : new WebSocket(socketUrl(host, projectId), [PROJECT_EVENTS_PROTOCOL, token]);
  socket.on("message", (data) => {
    const event = ProjectSocketEventSchema.parse(JSON.parse(data.toString()));
    if (event.type === "new_comment") comments.push(event.comment);
    else billing.push(event);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, comments, billing, opened };
}

/** What an upgrade is answered: 101 when it opens, else the HTTP status of the refusal. */
function refusal(url: string, options: { protocols?: string[]; headers?: Record<string, string> } = {}) {
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    socket.on("error", () => resolve(-1));
  });
}

const until = (check: () => boolean, what: string, ms = 5000) =>
  vi.waitUntil(check, { timeout: ms, interval: 10 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });

async function post(host: string, projectId: string, token: string, content: string) {
  const res = await fetch(`http://${host}/api/projects/${projectId}/comments`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content, attachments: [] }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ProjectCommentAnswerSchema.parse(await res.json()).comment;
}

describe("WebSocket /api/projects/{id}/websocket", () => {
  it("delivers a comment posted through one app process to a client socket on the other", async () => {
    const client = listen(peerBase, anaProject, anaToken);
    const owner = listen(base, anaProject, adminToken);
    await Promise.all([client.opened, owner.opened]);

    const fromOwner = await post(base, anaProject, adminToken, "The design is ready for you");
    await until(() => client.comments.length >= 1, "the owner's comment on the other process");
    expect(client.comments[0]).toEqual(fromOwner);
    expect(client.comments[0]).toMatchObject({ author_type: "admin", author_name: "Tyler Brennan" });

    // And back: the client posts to the second process, the owner's socket here hears it.
    const fromClient = await post(peerBase, anaProject, anaToken, "Looks great!");
    await until(() => owner.comments.length >= 2, "the client's comment from the other process");
    expect(owner.comments.map((c) => c.id)).toEqual([fromOwner.id, fromClient.id]);
    expect(owner.comments[1]).toMatchObject({ author_type: "client", author_name: "Ana Ruiz" });
    client.socket.close();
    owner.socket.close();
  });

  it("takes the token as the second subprotocol and answers with the protocol alone", async () => {
    const client = listen(base, anaProject, anaToken, "protocol");
    await client.opened;
    expect(client.socket.protocol).toBe(PROJECT_EVENTS_PROTOCOL);
    const comment = await post(base, anaProject, anaToken, "Over the protocol");
    await until(() => client.comments.length >= 1, "the comment");
    expect(client.comments[0]!.id).toBe(comment.id);
    client.socket.close();
  });

  it("keeps projects apart: a socket hears only its own project", async () => {
    const ana = listen(base, anaProject, anaToken);
    await ana.opened;
    await post(base, benProject, benToken, "Ben's news");
    const own = await post(base, anaProject, anaToken, "Ana's news");
    await until(() => ana.comments.length >= 1, "own comment");
    await new Promise((r) => setTimeout(r, 100));
    expect(ana.comments.map((c) => c.id)).toEqual([own.id]);
    ana.socket.close();
  });

  it("carries comments and billing changes on the one channel, each to its own project's sockets", async () => {
    const ana = listen(peerBase, anaProject, anaToken);
    const ben = listen(base, benProject, benToken);
    await Promise.all([ana.opened, ben.opened]);

    const comment = await post(base, anaProject, anaToken, "Both kinds, one channel");
    await announceBillingChange(ctx.db, benProject);
    await until(() => ana.comments.length >= 1 && ben.billing.length >= 1, "the comment and the billing notice");
    await new Promise((r) => setTimeout(r, 100));
    expect(ana.comments.map((c) => c.id)).toEqual([comment.id]);
    expect(ana.billing).toEqual([]);
    expect(ben.billing).toEqual([{ type: "billing_changed", project_id: benProject }]);
    expect(ben.comments).toEqual([]);
    ana.socket.close();
    ben.socket.close();
  });

  it("relays a comment too long for a notification, loaded by its id, in order", async () => {
    const owner = listen(peerBase, anaProject, adminToken);
    await owner.opened;
    const long = await post(base, anaProject, anaToken, "é".repeat(5000));
    expect(Buffer.byteLength(newCommentFrame(long))).toBeGreaterThan(MAX_NOTIFY_PAYLOAD_BYTES);
    const short = await post(base, anaProject, anaToken, "And a short one");
    await until(() => owner.comments.length >= 2, "both comments");
    expect(owner.comments).toEqual([long, short]);
    owner.socket.close();
  });

  it("refuses before upgrading: 401 without a valid token, 403 for another client's project", async () => {
    expect(await refusal(socketUrl(base, anaProject))).toBe(401);
    expect(await refusal(socketUrl(base, anaProject, "not-a-real-token-0123456789abcdef"))).toBe(401);
    expect(await refusal(socketUrl(base, benProject, anaToken))).toBe(403);
    expect(await refusal(socketUrl(peerBase, benProject, anaToken))).toBe(403);
    expect(await refusal(socketUrl(base, benProject), { protocols: [PROJECT_EVENTS_PROTOCOL, anaToken] })).toBe(403);
    expect(await refusal(socketUrl(base, "WBT-2026-ZZZZZZ", anaToken))).toBe(403);
    expect(await refusal(socketUrl(base, "WBT-2026-ZZZZZZ", adminToken))).toBe(404);
    expect(await refusal(socketUrl(base, "%ZZ", adminToken))).toBe(400);
    expect(await refusal(socketUrl(base, anaProject, anaToken), { headers: { Origin: "https://evil.example" } })).toBe(
      403,
    );
    expect(await refusal(socketUrl(base, anaProject, anaToken), { headers: { Origin: ctx.env.SITE_URL } })).toBe(101);
    expect((await fetch(`http://${base}/api/health`)).status).toBe(200);
  });

  it("closes an open socket once its session has ended", async () => {
    const token = await portalToken(ctx.db, { projectId: anaProject });
    const client = listen(base, anaProject, token);
    await client.opened;
    const closed = new Promise<number>((resolve) => client.socket.on("close", (code) => resolve(code)));
    await ctx.composed.realtime.projectSockets.recheckTokens();
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    await endPortalSession(ctx.db, token);
    await ctx.composed.realtime.projectSockets.recheckTokens();
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
  });
});

describe("15. a revoked session's sockets close at once, on every process", () => {
  /** Resolves with the close code, or 0 if the socket is still open after `ms`. */
  const closedWithin = (socket: WebSocket, ms: number) =>
    new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(0), ms);
      socket.once("close", (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });

  it("a sign-out closes the session's sockets on both processes, not at the next heartbeat", async () => {
    const token = await portalToken(ctx.db, { projectId: anaProject });
    const here = listen(base, anaProject, token);
    const there = listen(peerBase, anaProject, token, "protocol");
    await Promise.all([here.opened, there.opened]);
    const closes = [closedWithin(here.socket, 3000), closedWithin(there.socket, 3000)];
    const res = await fetch(`http://${peerBase}/api/client-portal/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(closes)).toEqual([SESSION_ENDED_CLOSE, SESSION_ENDED_CLOSE]);
    // Another session of the same project keeps hearing it.
    const other = listen(base, anaProject, anaToken);
    await other.opened;
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });

  it("taking a contact off the project closes the sockets of their e-mail session", async () => {
    const projectId = await createClientProject(ctx.db, { name: "Cleo Marsh", email: clientEmail("cleo") });
    const helper = await addProjectContact(ctx.db, projectId, { name: "Dev Patel", email: clientEmail("dev") });
    const token = await portalToken(ctx.db, { email: helper.email! });
    const client = listen(peerBase, projectId, token);
    await client.opened;
    const closed = closedWithin(client.socket, 3000);
    const res = await fetch(`http://${base}/api/admin/projects/${projectId}/contacts/${helper.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
  });

  it("a session that ends by itself closes its sockets when it ends", async () => {
    const { token } = await createPortalSession(
      ctx.db,
      { email: null, projectId: benProject },
      new Date(Date.now() - PORTAL_SESSION_MS + 1500),
    );
    const client = listen(base, benProject, token);
    await client.opened;
    expect(await closedWithin(client.socket, 5000)).toBe(SESSION_ENDED_CLOSE);
  });
});

describe("socketToken", () => {
  it("reads the token from the query, else from the protocol after project-comments", () => {
    expect(socketToken({ url: "/api/projects/X/websocket?token=abc", headers: {} })).toBe("abc");
    expect(
      socketToken({ url: "/api/projects/X/websocket", headers: { "sec-websocket-protocol": "project-comments, t0k" } }),
    ).toBe("t0k");
    expect(socketToken({ url: "/api/projects/X/websocket", headers: { "sec-websocket-protocol": "other, t0k" } })).toBe(
      undefined,
    );
    expect(socketToken({ url: "/api/projects/X/websocket", headers: {} })).toBe(undefined);
  });
});

describe("the project events channel's notifications", () => {
  const comment = {
    id: 41,
    project_id: "WBT-2026-EVENTS",
    author_name: "Ana Ruiz",
    author_email: null,
    author_type: "client",
    content: "Hello",
    attachments: [],
    created_at: "2026-12-06T10:00:00.000Z",
  } satisfies ProjectComment;
  const commentEvent = (c: ProjectComment): ProjectEvent => ({
    kind: "comment",
    projectId: c.project_id,
    commentId: c.id,
    frame: newCommentFrame(c),
  });

  it("are JSON events: a comment carries its frame, a billing change its project's", () => {
    const payload = projectEventPayload(commentEvent(comment));
    expect(JSON.parse(payload)).toEqual(commentEvent(comment));
    expect(readProjectNotification(payload)).toEqual({
      roomId: comment.project_id,
      id: comment.id,
      frame: newCommentFrame(comment),
    });
    expect(readProjectNotification(projectEventPayload({ kind: "billing", projectId: comment.project_id }))).toEqual({
      roomId: comment.project_id,
      id: 0,
      frame: JSON.stringify({ type: "billing_changed", project_id: comment.project_id }),
    });
  });

  it("leave out a frame too long for PostgreSQL's payload: the relay loads the comment by id", () => {
    const long = { ...comment, content: "é".repeat(5000) };
    const payload = projectEventPayload(commentEvent(long));
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
    expect(readProjectNotification(payload)).toEqual({ roomId: long.project_id, id: long.id, frame: undefined });
  });

  it("ignore anything that is not a project event", () => {
    for (const payload of [
      "",
      "not json",
      "null",
      "[]",
      `billing:WBT-2026-EVENTS:{"type":"billing_changed","project_id":"WBT-2026-EVENTS"}`,
      `41:WBT-2026-EVENTS`,
      JSON.stringify({ kind: "quote", projectId: "WBT-2026-EVENTS" }),
      JSON.stringify({ kind: "billing" }),
      JSON.stringify({ kind: "billing", projectId: "" }),
      JSON.stringify({ kind: "comment", projectId: "WBT-2026-EVENTS" }),
      JSON.stringify({ kind: "comment", projectId: "WBT-2026-EVENTS", commentId: 0 }),
      JSON.stringify({ kind: "comment", projectId: "WBT-2026-EVENTS", commentId: 41, frame: 7 }),
    ])
      expect(readProjectNotification(payload), payload).toBeUndefined();
  });
});
