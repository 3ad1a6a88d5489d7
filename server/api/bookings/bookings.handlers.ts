import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { site } from "~/config/site";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { screenValidInput, validationError } from "../../lib/public-write";
import { refused } from "../../lib/service-error";
import { portalGate } from "../../lib/billing-http";
import { SlotTakenError, availability, createBooking } from "../../services/bookings/bookings";
import {
  cancelByToken,
  listBookings,
  manageView,
  ownerBooking,
  ownerCancel,
  ownerReschedule,
  rescheduleByToken,
  updateBooking,
} from "../../services/bookings/changes";
import { ownerFeed, refreshBusyTimes } from "../../services/bookings/jobs";
import {
  BookingError,
  createMeetingType,
  feedStatus,
  publicTypes,
  readBookingSettings,
  regenerateOwnerFeed,
  saveBookingSettings,
  updateMeetingType,
} from "../../services/bookings/settings";
import { primaryContactOf } from "../../services/billing/common";
import { normalizeProjectId } from "../../services/client-portal";
import * as routes from "./bookings.routes";

/** Bookable calls (docs/product/bookings.md "The calls"; contracts in bookings.routes.ts). */

const depsOf = (c: Context<AppEnv>) => ({ db: c.var.deps.db, mailer: c.var.deps.mailer, env: c.var.deps.env });

/** The 409 of a time no longer free, with the next free times. */
const slotTaken = (c: Context<AppEnv>, error: SlotTakenError) =>
  c.json({ success: false as const, error: error.message, next_slots: error.freeSlots }, 409);

/** Another 409 of the same routes (the call was cancelled or is past): no free times to offer. */
const conflict = (c: Context<AppEnv>, message: string) =>
  c.json({ success: false as const, error: message, next_slots: [] }, 409);

export function registerBookingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.typesRoute, async (c) =>
    c.json({ time_zone: site.timeZone, types: await publicTypes(c.var.deps.db) }, 200),
  );

  app.openapi(routes.availabilityRoute, async (c) => {
    try {
      return c.json(await availability(c.var.deps.db, c.req.valid("query")), 200);
    } catch (error) {
      return refused(c, error, [400, 404]);
    }
  });

  app.openapi(
    routes.bookRoute,
    async (c) => {
      const input = c.req.valid("json");
      const screened = await screenValidInput(c, input, "booking");
      if (screened) return c.json(screened.error, screened.status);
      try {
        return c.json({ booking: await createBooking(depsOf(c), input, { audience: "public" }) }, 201);
      } catch (error) {
        if (error instanceof SlotTakenError) return slotTaken(c, error);
        if (error instanceof BookingError && (error.status === 400 || error.status === 404))
          return c.json(
            { success: false as const, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
            error.status,
          );
        throw error;
      }
    },
    (result, c) => {
      if (!result.success) return c.json(validationError(result.error), 400);
    },
  );

  app.openapi(routes.portalBookRoute, async (c) => {
    const id = normalizeProjectId(c.req.valid("param").id);
    const gate = await portalGate(c, async () => id);
    if (gate) return gate;
    const { db } = c.var.deps;
    const contact = await primaryContactOf(db, id);
    if (!contact?.email)
      return conflict(c, `This project has no client e-mail on file: write to ${site.email} to book a call`);
    const input = c.req.valid("json");
    try {
      const booking = await createBooking(
        depsOf(c),
        { ...input, name: contact.name, email: contact.email, phone: input.phone },
        { audience: "client", projectId: id },
      );
      return c.json({ booking }, 201);
    } catch (error) {
      if (error instanceof SlotTakenError) return slotTaken(c, error);
      return refused(c, error, [400, 404]);
    }
  });

  app.openapi(routes.manageRoute, async (c) => {
    try {
      return c.json(await manageView(depsOf(c), c.req.valid("param").token), 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.rescheduleRoute, async (c) => {
    try {
      const booking = await rescheduleByToken(depsOf(c), c.req.valid("param").token, c.req.valid("json"));
      return c.json({ booking }, 200);
    } catch (error) {
      if (error instanceof SlotTakenError) return slotTaken(c, error);
      if (error instanceof BookingError && error.status === 409) return conflict(c, error.message);
      return refused(c, error, [400, 404]);
    }
  });

  app.openapi(routes.cancelRoute, async (c) => {
    try {
      const body = c.req.valid("json") as { reason?: string } | undefined;
      const booking = await cancelByToken(depsOf(c), c.req.valid("param").token, body?.reason ?? "");
      return c.json({ booking }, 200);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.feedRoute, async (c) => {
    const feed = await ownerFeed(depsOf(c), c.req.valid("param").token);
    if (feed === null)
      return jsonError(c, 404, "No feed at this address: copy the current one from Settings > Booking");
    return c.body(feed, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calls.ics"',
      "Cache-Control": "private, no-store",
    });
  });

  app.openapi(routes.settingsRoute, async (c) =>
    c.json(await readBookingSettings(c.var.deps.db, c.var.deps.env.SITE_URL), 200),
  );

  app.openapi(routes.updateSettingsRoute, async (c) => {
    try {
      return c.json(await saveBookingSettings(c.var.deps.db, c.var.deps.env.SITE_URL, c.req.valid("json")), 200);
    } catch (error) {
      return refused(c, error, [400]);
    }
  });

  app.openapi(routes.createTypeRoute, async (c) => {
    try {
      return c.json({ type: await createMeetingType(c.var.deps.db, c.req.valid("json")) }, 201);
    } catch (error) {
      return refused(c, error, [400, 409]);
    }
  });

  app.openapi(routes.updateTypeRoute, async (c) => {
    try {
      const type = await updateMeetingType(c.var.deps.db, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ type }, 200);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.regenerateFeedRoute, async (c) =>
    c.json(await regenerateOwnerFeed(c.var.deps.db, c.var.deps.env.SITE_URL), 200),
  );

  app.openapi(routes.refreshBusyRoute, async (c) => {
    const { db, env } = c.var.deps;
    await refreshBusyTimes({ db, log: c.var.log });
    return c.json(await feedStatus(db, env.SITE_URL), 200);
  });

  app.openapi(routes.listRoute, async (c) => c.json(await listBookings(c.var.deps.db, c.req.valid("query")), 200));

  app.openapi(routes.getRoute, async (c) => {
    try {
      return c.json({ booking: await ownerBooking(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.updateRoute, async (c) => {
    try {
      return c.json({ booking: await updateBooking(c.var.deps.db, c.req.valid("param").id, c.req.valid("json")) }, 200);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.ownerCancelRoute, async (c) => {
    try {
      const body = c.req.valid("json") as { message?: string } | undefined;
      const booking = await ownerCancel(depsOf(c), c.req.valid("param").id, body?.message ?? "");
      return c.json({ booking }, 200);
    } catch (error) {
      return refused(c, error, [400, 404]);
    }
  });

  app.openapi(routes.ownerRescheduleRoute, async (c) => {
    try {
      const booking = await ownerReschedule(depsOf(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ booking }, 200);
    } catch (error) {
      if (error instanceof SlotTakenError) return slotTaken(c, error);
      return refused(c, error, [400, 404, 409]);
    }
  });
}
