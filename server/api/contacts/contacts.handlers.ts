import type { OpenAPIHono } from "@hono/zod-openapi";
import { site } from "~/config/site";
import { CONTACT_CSV_HEADER } from "~/contracts/contact-list";
import type { AppEnv } from "../../lib/app-env";
import { contactCsvBatches, listContactPage, recentContacts } from "../../services/contact-list";
import { contactStats, getContact, listCommunications } from "../../services/contacts";
import { importContacts } from "../../services/contact-import";
import { createContact, logCommunication, setContactStatus, updateContact } from "../../services/contact-writes";
import { attachmentName, csvStream } from "../../services/list-pages";
import * as routes from "./contacts.routes";
import { refused } from "../../lib/service-error";
import { jsonAnswer } from "../../lib/json-answer";

/**
 * The contacts API of docs/product/contacts.md "The calls", with stats, import, the dashboard and the
 * export (contracts in contacts.routes.ts).
 */
export function registerContactRoutes(app: OpenAPIHono<AppEnv>) {
  const failed = (c: Parameters<Parameters<typeof app.openapi>[1]>[0], error: unknown) => {
    return refused(c, error, [400, 404, 409]);
  };

  app.openapi(routes.listContactsRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const page = await listContactPage(c.var.deps.db, { ...filter, limit, offset });
    // The rows as PostgreSQL wrote them (json-answer.ts).
    return jsonAnswer(c, { ...page, limit, offset }, 200);
  });

  // On the reports' pool: a 50,000-row export never holds a connection the visitors need.
  app.openapi(routes.contactsCsvRoute, async (c) => {
    const filter = c.req.valid("query");
    const body = await csvStream(CONTACT_CSV_HEADER, contactCsvBatches(c.var.deps.reportDb, filter), (err) =>
      c.var.log.error({ err, route: c.req.routePath }, "the contacts export stopped"),
    );
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentName("contacts", site.timeZone),
      "Cache-Control": "no-store",
    });
  });

  app.openapi(routes.contactStatsRoute, async (c) => c.json({ stats: await contactStats(c.var.deps.db) }, 200));

  app.openapi(routes.dashboardRoute, async (c) => {
    const [stats, recent] = await Promise.all([contactStats(c.var.deps.db), recentContacts(c.var.deps.db, 5)]);
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
      const { limit, offset } = c.req.valid("query");
      const page = await listCommunications(c.var.deps.db, c.req.valid("param").id, { limit, offset });
      return c.json({ ...page, limit, offset }, 200);
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
