import type { AnswerOf } from "~/contracts/endpoint";
import type { BookingSlot } from "~/contracts/booking-public";
import type { CallOptions } from "~/lib/api/call";
import { ApiError } from "~/lib/api/api-error";

type Contracts = typeof import("~/contracts/bookings");
type Endpoints = Contracts["bookingsEndpoints"];
type Schemas = typeof import("~/contracts/booking-public");

/** The descriptors and the caller arrive with the first call: neither is in the page's first load. */
let loading:
  Promise<{ contracts: Contracts; schemas: Schemas; call: typeof import("~/lib/api/call").call }> | undefined;
const api = () =>
  (loading ??= Promise.all([
    import("~/contracts/bookings"),
    import("~/contracts/booking-public"),
    import("~/lib/api/call"),
  ]).then(
    ([contracts, schemas, caller]) => ({ contracts, schemas, call: caller.call }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/**
 * A booking call's outcome, for screens that word each failure themselves: `status` 0 when no
 * answer came; the server's own words when it sent any; the fields at fault; and, for a time taken
 * meanwhile (409), the next free times it named.
 */
export type BookingResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      /** What to show: the server's words, or call()'s (a 429's wait included). */
      message?: string;
      fields?: Record<string, string>;
      nextSlots?: BookingSlot[];
    };

async function settle<K extends keyof Endpoints>(
  name: K,
  options: CallOptions<Endpoints[K]>,
): Promise<BookingResult<AnswerOf<Endpoints[K]>>> {
  let loaded: Awaited<ReturnType<typeof api>>;
  try {
    loaded = await api();
  } catch {
    return { ok: false, status: 0 };
  }
  try {
    return { ok: true, data: await loaded.call(loaded.contracts.bookingsEndpoints[name], options) };
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    if (!(error instanceof ApiError) || error.status === 0) return { ok: false, status: 0 };
    const taken = error.status === 409 ? loaded.schemas.SlotTakenSchema.safeParse(error.body) : null;
    return {
      ok: false,
      status: error.status,
      message: error.serverMessage ?? (error.status === 429 ? error.message : undefined),
      fields: error.fields,
      nextSlots: taken?.success ? taken.data.next_slots : undefined,
    };
  }
}

/** The schemas the forms check before sending, loaded with the descriptors. */
export const bookingSchemas = () => api().then(({ schemas }) => schemas);

/** GET /api/booking/types */
export const loadTypes = (signal?: AbortSignal) => settle("types", { signal });

/** GET /api/booking/availability: a meeting type's free times between two instants (at most 42 days). */
export const loadAvailability = (query: { type: string; start: string; end: string }, signal?: AbortSignal) =>
  settle("availability", { query, signal });

/** How far ahead the next free times are looked for when a refusal named none, and how many are shown. */
const NEXT_TIMES_DAYS = 14;
const NEXT_TIMES_SHOWN = 5;

/** The next free times of a meeting type from now, but those in `skip`, after a refusal that named none; [] if they cannot load. */
export async function nextFreeTimes(slug: string, skip: readonly string[]): Promise<BookingSlot[]> {
  const start = new Date();
  const end = new Date(start.getTime() + NEXT_TIMES_DAYS * 24 * 60 * 60 * 1000);
  const result = await loadAvailability({ type: slug, start: start.toISOString(), end: end.toISOString() }).catch(
    () => null,
  );
  if (!result?.ok) return [];
  return result.data.slots.filter((slot) => !skip.includes(slot.start)).slice(0, NEXT_TIMES_SHOWN);
}

/** POST /api/bookings */
export const bookCall = (body: import("~/contracts/booking-public").NewBooking) => settle("book", { body });

/** POST /api/client-portal/projects/{id}/bookings, with the portal session. */
export const bookCheckIn = (
  projectId: string,
  token: string,
  body: { type: string; start: string; about: string; phone: string; time_zone: string },
) => settle("portalBook", { params: { id: projectId }, token, body });

/** GET /api/bookings/manage/{token} */
export const loadManaged = (token: string, signal?: AbortSignal) => settle("manage", { params: { token }, signal });

/** POST /api/bookings/reschedule/{token} */
export const rescheduleCall = (token: string, body: { start: string; time_zone: string }) =>
  settle("reschedule", { params: { token }, body });

/** POST /api/bookings/cancel/{token} */
export const cancelCall = (token: string, reason: string) => settle("cancel", { params: { token }, body: { reason } });
