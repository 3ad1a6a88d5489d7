import type { OpenAPIHono } from "@hono/zod-openapi";
import { site } from "~/config/site";
import type { AppEnv } from "../../lib/app-env";
import { jsonError, type ApiError } from "../../lib/http-errors";
import { UPGRADE_REQUIRED } from "../../lib/openapi";
import { findInquiry, listMessages, toInquiryRecord, toSession } from "../../services/inquiries";
import { createInquiry, postAdminMessage } from "../../services/inquiry-chat";
import { listInquiries } from "../../services/inquiry-list";
import { answerChat } from "../../services/intake/intake";
import { adminOf } from "../auth/require-admin";
import { checkRateLimit } from "../../lib/public-write";
import * as routes from "./inquiries.routes";
import { refused } from "../../lib/service-error";
import { jsonAnswer } from "../../lib/json-answer";

export function registerInquiryRoutes(app: OpenAPIHono<AppEnv>) {
  // Starting a chat takes no body, or a JSON object whose attribution is kept only when valid.
  app.openapi(routes.createInquiry, async (c) => {
    const limited = await checkRateLimit(c, "inquiry-create", c.var.deps.env.INQUIRY_CREATE_LIMIT);
    if (limited) return c.json(limited, 429);
    const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
    const { session, messages } = await createInquiry(c.var.deps.db, body.attribution);
    return c.json({ inquiryId: session.id, session, messages }, 201);
  });

  app.openapi(routes.getInquiryMessages, async (c) => {
    const { db } = c.var.deps;
    const inquiry = await findInquiry(db, c.req.valid("param").id);
    if (!inquiry) return jsonError(c, 404, "No inquiry with this id. Start a new chat at /chat.");
    const messages = await listMessages(db, inquiry.id);
    const admin = c.req.header("authorization") ? await adminOf(c) : undefined;
    return c.json(
      { session: toSession(inquiry), messages, ...(admin ? { inquiry: toInquiryRecord(inquiry) } : {}) },
      200,
    );
  });

  app.openapi(routes.postInquiryMessage, async (c) => {
    const { db, env } = c.var.deps;
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (body.inquiry_id && body.inquiry_id !== id)
      return jsonError(c, 400, "inquiry_id in the body does not match the inquiry in the address");

    if (body.author_type === "admin") {
      const admin = await adminOf(c);
      if (!admin) return jsonError(c, 401, "Only the signed-in owner can post as admin: send a valid admin token");
      const inquiry = await findInquiry(db, id);
      if (!inquiry) return jsonError(c, 404, "No inquiry with this id");
      const result = await postAdminMessage(db, id, body.content, admin.name.split(/\s+/)[0] || site.owner.firstName);
      return c.json({ ...result, replies: [] }, 201);
    }

    const limited = await checkRateLimit(c, "inquiry-message", env.INQUIRY_MESSAGE_LIMIT);
    if (limited) return c.json(limited, 429);
    const inquiry = await findInquiry(db, id);
    if (!inquiry) return jsonError(c, 404, "No inquiry with this id. Start a new chat at /chat.");
    try {
      const { message, replies, session } = await answerChat(c.var.deps, id, {
        content: body.content,
        questionType: body.question_type,
      });
      return c.json({ message, replies, session }, 201);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  // The socket itself is served by server/realtime; a request that does not upgrade is told how.
  app.openapi(routes.inquirySocket, (c) => {
    c.header("Upgrade", "websocket");
    return c.json({ error: UPGRADE_REQUIRED } satisfies ApiError, 426);
  });

  app.openapi(routes.listInquiries, async (c) => {
    const { status, search, limit, offset } = c.req.valid("query");
    const page = await listInquiries(c.var.deps.db, { status, search, limit, offset });
    // The rows as PostgreSQL wrote them (json-answer.ts).
    return jsonAnswer(c, { ...page, limit, offset }, 200);
  });
}
