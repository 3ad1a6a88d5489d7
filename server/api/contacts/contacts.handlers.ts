import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import {
  ContactError,
  contactStats,
  createContact,
  getContact,
  importContacts,
  listCommunications,
  listContacts,
  logCommunication,
  setContactStatus,
  updateContact,
} from "../../services/contacts";
import * as routes from "./contacts.routes";

/** The contacts API of back-office spec 7, plus stats, import and the dashboard (contracts in contacts.routes.ts). */
export function registerContactRoutes(app: OpenAPIHono<AppEnv>) {
  const failed = (c: Parameters<Parameters<typeof app.openapi>[1]>[0], error: unknown) => {
    if (error instanceof ContactError) return jsonError(c, error.status, error.message);
    throw error;
  };

  app.openapi(routes.listContactsRoute, async (c) => {
    const { status, view, q } = c.req.valid("query");
    const contacts = await listContacts(c.var.deps.db, {
      status,
      view: view === "submissions" ? "submissions" : undefined,
      q,
    });
    return c.json({ contacts }, 200);
  });

  app.openapi(routes.contactStatsRoute, async (c) => c.json({ stats: await contactStats(c.var.deps.db) }, 200));

  app.openapi(routes.dashboardRoute, async (c) => {
    const [stats, recent] = await Promise.all([contactStats(c.var.deps.db), listContacts(c.var.deps.db, { limit: 5 })]);
    return c.json({ stats, recent_leads: recent }, 200);
  });

  app.openapi(routes.getContactRoute, async (c) => {
    try {
      return c.json({ contact: await getContact(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.createContactRoute, async (c) => {
    try {
      return c.json({ contact: await createContact(c.var.deps.db, c.req.valid("json")) }, 201);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.updateContactRoute, async (c) => {
    try {
      return c.json({ contact: await updateContact(c.var.deps.db, c.req.valid("param").id, c.req.valid("json")) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.setContactStatusRoute, async (c) => {
    try {
      const contact = await setContactStatus(c.var.deps.db, c.req.valid("param").id, c.req.valid("json").status);
      return c.json({ contact }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.listCommunicationsRoute, async (c) => {
    try {
      return c.json({ communications: await listCommunications(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.logCommunicationRoute, async (c) => {
    try {
      const result = await logCommunication(
        c.var.deps.db,
        c.req.valid("param").id,
        c.req.valid("json"),
        c.var.admin.email,
      );
      return c.json(result, 201);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.importContactsRoute, async (c) =>
    c.json(await importContacts(c.var.deps.db, c.req.valid("json").contacts), 200),
  );
}
