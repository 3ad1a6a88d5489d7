import type { OpenAPIHono } from "@hono/zod-openapi";
import { depsOf } from "../../lib/billing-http";
import { invoiceOnStatus } from "../../services/billing/schedule";
import { site } from "~/config/site";
import { PROJECT_CSV_HEADER } from "~/contracts/project-list";
import type { AppEnv } from "../../lib/app-env";
import { createProject, getProject, projectStats, updateProject } from "../../services/projects/projects";
import {
  addProjectContacts,
  changeProjectContact,
  removeProjectContact,
} from "../../services/projects/project-contacts";
import { addMilestone, changeMilestone, deleteMilestone, reorderMilestones } from "../../services/projects/milestones";
import { deleteProjectUpdate, postProjectUpdate } from "../../services/projects/updates";
import { attachmentName, csvStream } from "../../services/list-pages";
import { listProjectPage, projectCsvBatches, projectOptions } from "../../services/projects/list";
import * as routes from "./projects.routes";
import { refused } from "../../lib/service-error";
import { sendReviewRequestsSoon } from "../../services/reviews/index";
import { jsonAnswer } from "../../lib/json-answer";

const BAD_OR_MISSING = [400, 404] as const;

/** The admin's projects API (docs/product/projects.md "The calls"; contracts in projects.routes.ts). */
export function registerProjectRoutes(app: OpenAPIHono<AppEnv>) {
  // Before /{id}, which would take "stats" or "options" for an ID.
  app.openapi(routes.projectStatsRoute, async (c) => c.json({ stats: await projectStats(c.var.deps.db) }, 200));

  app.openapi(routes.projectOptionsRoute, async (c) => c.json({ projects: await projectOptions(c.var.deps.db) }, 200));

  app.openapi(routes.listProjectsRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const page = await listProjectPage(c.var.deps.db, { ...filter, limit, offset });
    // The rows as PostgreSQL wrote them (json-answer.ts).
    return jsonAnswer(c, { ...page, limit, offset }, 200);
  });

  // On the reports' pool: an export never holds a connection the visitors need.
  app.openapi(routes.projectsCsvRoute, async (c) => {
    const filter = c.req.valid("query");
    const body = await csvStream(PROJECT_CSV_HEADER, projectCsvBatches(c.var.deps.reportDb, filter), (err) =>
      c.var.log.error({ err, route: c.req.routePath }, "the projects export stopped"),
    );
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentName("projects", site.timeZone),
      "Cache-Control": "no-store",
    });
  });

  app.openapi(routes.getProjectRoute, async (c) => {
    try {
      return c.json({ project: await getProject(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.createProjectRoute, async (c) => {
    try {
      return c.json({ project: await createProject(c.var.deps.db, c.req.valid("json")) }, 201);
    } catch (error) {
      return refused(c, error, [400]);
    }
  });

  app.openapi(routes.updateProjectRoute, async (c) => {
    try {
      const input = c.req.valid("json");
      const billing = depsOf(c);
      // A move to Launch invoices the payments of the project's schedules due then, in the same transaction.
      const project = await updateProject(c.var.deps.db, c.req.valid("param").id, input, {
        transaction: (work) => billing.mailer.transaction(work),
        changed: async (tx, queue, change) => {
          await invoiceOnStatus(tx, queue, billing, change.projectId, change.to, new Date());
        },
      });
      // A move to Complete (or Launch) may have made a review request due: sent now, not at the minute's run.
      if (input.status === "complete" || input.status === "launch") {
        const { db, mailer, env } = c.var.deps;
        sendReviewRequestsSoon({ db, mailer, env, log: c.var.log });
      }
      return c.json({ project }, 200);
    } catch (error) {
      return refused(c, error, BAD_OR_MISSING);
    }
  });

  app.openapi(routes.addProjectContactsRoute, async (c) => {
    try {
      const project = await addProjectContacts(c.var.deps.db, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ project }, 200);
    } catch (error) {
      return refused(c, error, BAD_OR_MISSING);
    }
  });

  app.openapi(routes.changeProjectContactRoute, async (c) => {
    try {
      const { id, contactId } = c.req.valid("param");
      const project = await changeProjectContact(c.var.deps.db, id, contactId, c.req.valid("json"));
      return c.json({ project }, 200);
    } catch (error) {
      return refused(c, error, BAD_OR_MISSING);
    }
  });

  app.openapi(routes.removeProjectContactRoute, async (c) => {
    try {
      const { id, contactId } = c.req.valid("param");
      return c.json({ project: await removeProjectContact(c.var.deps.db, id, contactId) }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.addMilestoneRoute, async (c) => {
    try {
      const milestone = await addMilestone(c.var.deps.db, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ milestone }, 201);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  // Before /milestones/{milestoneId}, which would take "order" for an id.
  app.openapi(routes.reorderMilestonesRoute, async (c) => {
    try {
      const milestones = await reorderMilestones(c.var.deps.db, c.req.valid("param").id, c.req.valid("json").ids);
      return c.json({ milestones }, 200);
    } catch (error) {
      return refused(c, error, BAD_OR_MISSING);
    }
  });

  app.openapi(routes.changeMilestoneRoute, async (c) => {
    try {
      const { id, milestoneId } = c.req.valid("param");
      const milestone = await changeMilestone(c.var.deps.db, id, milestoneId, c.req.valid("json"));
      return c.json({ milestone }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.deleteMilestoneRoute, async (c) => {
    try {
      const { id, milestoneId } = c.req.valid("param");
      await deleteMilestone(c.var.deps.db, id, milestoneId);
      return c.json({ success: true as const }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.postUpdateRoute, async (c) => {
    try {
      const { db, mailer, env } = c.var.deps;
      const posted = await postProjectUpdate(
        { db, mailer, siteUrl: env.SITE_URL },
        c.req.valid("param").id,
        c.req.valid("json"),
        c.var.admin.email,
      );
      return c.json(posted, 201);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.deleteUpdateRoute, async (c) => {
    try {
      const { id, updateId } = c.req.valid("param");
      await deleteProjectUpdate(c.var.deps.db, id, updateId);
      return c.json({ success: true as const }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });
}
