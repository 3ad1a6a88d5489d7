import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  CommunicationSchema,
  CONTACT_STATUSES,
  ContactUpdateSchema,
  NewContactSchema,
  StatusChangeSchema,
} from "~/lib/admin/contacts";
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
  MAX_IMPORT_ENTRIES,
  setContactStatus,
  updateContact,
} from "../../services/contacts";
import { adminErrors, ErrorSchema, IdParam, json, jsonBody, Loose, notFound } from "../../lib/openapi";

/** The contacts API of back-office spec 7, plus stats, import and the dashboard. */
const tags = ["Admin: contacts"];
const security = [{ bearerAuth: [] }];

const errs = {
  ...adminErrors,
  ...notFound,
  409: json(ErrorSchema, "Conflicts with another contact (e.g. the same email)"),
};

const routes = {
  list: createRoute({
    method: "get",
    path: "/api/admin/contacts",
    tags,
    security,
    summary: "Contacts, newest first (status filter; view=submissions for the website form's)",
    request: {
      query: z.object({
        status: z.enum(CONTACT_STATUSES).optional(),
        view: z.enum(["submissions", "contacts"]).optional(),
        q: z.string().max(200).optional(),
      }),
    },
    responses: { 200: json(z.object({ contacts: z.array(Loose) }), "The contacts"), ...errs },
  }),
  stats: createRoute({
    method: "get",
    path: "/api/admin/contacts/stats",
    tags,
    security,
    summary: "Counts for the stat cards",
    responses: { 200: json(z.object({ stats: Loose }), "The counts"), ...errs },
  }),
  dashboard: createRoute({
    method: "get",
    path: "/api/admin/dashboard",
    tags,
    security,
    summary: "The dashboard's counters and the 5 newest leads",
    responses: { 200: json(z.object({ stats: Loose, recent_leads: z.array(Loose) }), "Dashboard"), ...errs },
  }),
  get: createRoute({
    method: "get",
    path: "/api/admin/contacts/{id}",
    tags,
    security,
    summary: "A contact with its 3 latest communications and their count",
    request: { params: IdParam },
    responses: { 200: json(z.object({ contact: Loose }), "The contact"), ...errs },
  }),
  create: createRoute({
    method: "post",
    path: "/api/admin/contacts",
    tags,
    security,
    summary: "Add a contact (initial status new, contacted or qualified)",
    request: jsonBody(NewContactSchema),
    responses: {
      201: json(z.object({ contact: Loose }), "Created"),
      ...errs,
    },
  }),
  update: createRoute({
    method: "put",
    path: "/api/admin/contacts/{id}",
    tags,
    security,
    summary: "Edit a contact",
    request: { params: IdParam, ...jsonBody(ContactUpdateSchema) },
    responses: {
      200: json(z.object({ contact: Loose }), "Saved"),
      ...errs,
    },
  }),
  status: createRoute({
    method: "put",
    path: "/api/admin/contacts/{id}/status",
    tags,
    security,
    summary: "Change a contact's status",
    request: { params: IdParam, ...jsonBody(StatusChangeSchema) },
    responses: { 200: json(z.object({ contact: Loose }), "Saved"), ...errs },
  }),
  communications: createRoute({
    method: "get",
    path: "/api/admin/contacts/{id}/communications",
    tags,
    security,
    summary: "A contact's communication log, newest first",
    request: { params: IdParam },
    responses: { 200: json(z.object({ communications: z.array(Loose) }), "The log"), ...errs },
  }),
  logCommunication: createRoute({
    method: "post",
    path: "/api/admin/contacts/{id}/communications",
    tags,
    security,
    summary: "Log a communication; auto_advance_status moves New/Submitted to Contacted and Contacted to Qualified",
    request: { params: IdParam, ...jsonBody(CommunicationSchema) },
    responses: {
      201: json(z.object({ communication: Loose, contact: Loose, advanced_from: z.string().nullable() }), "Logged"),
      ...errs,
    },
  }),
  import: createRoute({
    method: "post",
    path: "/api/admin/contacts/import",
    tags,
    security,
    summary: "Import contacts from the entries of a JSON file (duplicates are merged)",
    request: jsonBody(z.object({ contacts: z.array(z.unknown()).max(MAX_IMPORT_ENTRIES) })),
    responses: {
      200: json(
        z.object({ created: z.number(), updated: z.number(), failed: z.array(Loose) }),
        "What happened to each entry",
      ),
      ...errs,
    },
  }),
};

export function registerContactRoutes(app: OpenAPIHono<AppEnv>) {
  const failed = (c: Parameters<Parameters<typeof app.openapi>[1]>[0], error: unknown) => {
    if (error instanceof ContactError) return jsonError(c, error.status, error.message);
    throw error;
  };

  app.openapi(routes.list, async (c) => {
    const { status, view, q } = c.req.valid("query");
    const contacts = await listContacts(c.var.deps.db, {
      status,
      view: view === "submissions" ? "submissions" : undefined,
      q,
    });
    return c.json({ contacts }, 200);
  });

  app.openapi(routes.stats, async (c) => c.json({ stats: await contactStats(c.var.deps.db) }, 200));

  app.openapi(routes.dashboard, async (c) => {
    const [stats, recent] = await Promise.all([contactStats(c.var.deps.db), listContacts(c.var.deps.db, { limit: 5 })]);
    return c.json({ stats, recent_leads: recent }, 200);
  });

  app.openapi(routes.get, async (c) => {
    try {
      return c.json({ contact: await getContact(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.create, async (c) => {
    try {
      return c.json({ contact: await createContact(c.var.deps.db, c.req.valid("json")) }, 201);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.update, async (c) => {
    try {
      return c.json({ contact: await updateContact(c.var.deps.db, c.req.valid("param").id, c.req.valid("json")) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.status, async (c) => {
    try {
      const contact = await setContactStatus(c.var.deps.db, c.req.valid("param").id, c.req.valid("json").status);
      return c.json({ contact }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.communications, async (c) => {
    try {
      return c.json({ communications: await listCommunications(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.logCommunication, async (c) => {
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

  app.openapi(routes.import, async (c) =>
    c.json(await importContacts(c.var.deps.db, c.req.valid("json").contacts), 200),
  );
}
