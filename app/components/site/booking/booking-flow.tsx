import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { HONEYPOT_FIELD } from "~/contracts/form-options";
import { BOOKING_EVENTS } from "~/contracts/booking-terms";
import type { BookingSlot, NewBooking, PublicBooking, PublicMeetingType } from "~/contracts/booking-public";
import { PORTAL_SESSION_KEY, portalProjectPath } from "~/contracts/portal-terms";
import {
  bookCopy,
  checkInCopy,
  DISCOVERY_CALL_SLUG,
  type BookingPrefill,
  type MeetingTypeShell,
} from "~/content/booking-pages";
import { trackError, trackEvent } from "~/lib/analytics";
import { readAttribution } from "~/lib/attribution";
import { fieldErrors } from "~/lib/validation";
import { buttonClass } from "~/components/ui/button";
import { bookCall, bookCheckIn, bookingSchemas, type BookingResult } from "./booking-api";
import { BookingConfirmation } from "./booking-confirmation";
import { BookingDetails, FIELD_ORDER, PHONE_NEEDED } from "./booking-details";
import { showTakenSlot, type SlotConflict } from "./slot-conflict";
import { forgetValues, initialValues, keepValues, type BookingField, type BookingValues } from "./booking-draft";
import { SchedulerHeader } from "./scheduler-header";
import type { BookingFailure } from "./send-failure";
import { SlotPicker } from "./slot-picker";
import { detectZone } from "./zones";

export interface BookingFlowProps {
  slug: string;
  /** The meeting type as the page knew it before the API answered (the shipped defaults), if any. */
  shell: MeetingTypeShell | null;
  prefill: BookingPrefill;
  /** The API's meeting type, for the page's facts. */
  onType?: (type: MeetingTypeShell) => void;
}

type Focus = "@details" | "@alert" | "@conflict" | "@time" | BookingField;

/**
 * The tab's client-portal session (what app/lib/portal/portal-api.ts keeps), read without the
 * portal's code: a client's check-in is booked with it.
 */
function storedPortalSession(): string | null {
  try {
    return window.sessionStorage.getItem(PORTAL_SESSION_KEY);
  } catch {
    return null;
  }
}

/**
 * The booking page in the browser (docs/product/bookings.md "The booking page"): pick a time, fill
 * the short form, book; then the confirmation. A client's check-in (a meeting type for clients)
 * is booked with the portal session, about the project in the address, and asks for no name or
 * e-mail; without a session it asks the client to open the portal first.
 */
export function BookingFlow({ slug, shell, prefill, onType }: BookingFlowProps) {
  const { pathname } = useLocation();
  const [detectedZone] = useState(detectZone);
  const [zone, setZone] = useState(detectedZone);
  const [type, setType] = useState<MeetingTypeShell | null>(shell);
  const [portalToken] = useState(storedPortalSession);
  const [selected, setSelected] = useState<BookingSlot | null>(null);
  const [version, setVersion] = useState(0);
  const [values, setValues] = useState<BookingValues>(() => initialValues(prefill));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [conflict, setConflict] = useState<SlotConflict | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<PublicBooking | null>(null);
  const [focus, setFocus] = useState<{ target: Focus } | null>(null);
  const started = useRef(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  const forClient = type?.audience === "client";
  const projectId = prefill.project ?? null;

  // What the address brought is kept at once: the page drops it from the address bar.
  const keptPrefill = useRef(false);
  useEffect(() => {
    if (keptPrefill.current) return;
    keptPrefill.current = true;
    if (prefill.name || prefill.email || prefill.phone || prefill.about) keepValues(values);
  }, [prefill, values]);

  useEffect(() => {
    if (!focus) return;
    const { target } = focus;
    if (target === "@details") headingRef.current?.focus();
    else if (target === "@alert") alertRef.current?.focus();
    else if (target === "@conflict") conflictRef.current?.focus();
    else if (target === "@time")
      (
        pickerRef.current?.querySelector<HTMLElement>('button[aria-pressed="true"]') ??
        pickerRef.current?.querySelector<HTMLElement>('button[data-day][tabindex="0"]')
      )?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[name="${target}"]`)?.focus();
  }, [focus]);

  const handleType = useCallback(
    (answer: PublicMeetingType) => {
      setType(answer);
      onType?.(answer);
    },
    [onType],
  );

  function setValue(field: BookingField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    keepValues(next);
  }

  function pick(slot: BookingSlot) {
    setSelected(slot);
    setConflict(null);
    setFailure(null);
    if (!started.current) {
      started.current = true;
      trackEvent(BOOKING_EVENTS.started, { page_path: pathname });
    }
    setFocus({ target: "@details" });
  }

  async function submit(honeypot: string) {
    if (!selected || sending || !type) return;
    const start = selected.start;
    setSending(true);
    let schemas: Awaited<ReturnType<typeof bookingSchemas>>;
    try {
      schemas = await bookingSchemas();
    } catch {
      setSending(false);
      setFailure({ network: true });
      setFocus({ target: "@alert" });
      return;
    }
    const portalBody = { type: slug, start, about: values.about, phone: values.phone, time_zone: zone };
    const publicBody: NewBooking = {
      type: slug,
      start,
      name: values.name,
      email: values.email,
      phone: values.phone,
      about: values.about,
      time_zone: zone,
      attribution: readAttribution(),
      ...(projectId ? { project_id: projectId } : {}),
      [HONEYPOT_FIELD]: honeypot,
    };
    const checked = forClient
      ? schemas.PortalBookingSchema.safeParse(portalBody)
      : schemas.NewBookingSchema.safeParse(publicBody);
    const found = checked.success ? {} : fieldErrors(checked.error);
    if (type.location_kind === "phone" && !values.phone.trim()) found.phone ??= PHONE_NEEDED;
    const firstField = FIELD_ORDER.find((name) => found[name]);
    if (Object.keys(found).length) {
      setSending(false);
      setErrors(found);
      const other = Object.entries(found).find(([name]) => !FIELD_ORDER.includes(name as BookingField));
      setFailure(firstField ? null : { message: other?.[1] });
      setFocus({ target: firstField ?? "@alert" });
      return;
    }
    setErrors({});
    setFailure(null);
    const result: BookingResult<{ booking: PublicBooking }> =
      forClient && projectId && portalToken
        ? await bookCheckIn(projectId, portalToken, portalBody)
        : await bookCall(publicBody);
    setSending(false);
    if (result.ok) {
      forgetValues();
      trackEvent(BOOKING_EVENTS.completed, { page_path: pathname });
      setBooked(result.data.booking);
      return;
    }
    refused(result, start);
  }

  function refused(result: Extract<BookingResult<unknown>, { ok: false }>, taken: string) {
    if (result.status === 409 && result.nextSlots !== undefined) {
      const { message, nextSlots } = result;
      showTakenSlot({ message, nextSlots, slug, leftOut: [taken], where: "booking form" }, setConflict);
      setSelected(null);
      setVersion((n) => n + 1);
      setFocus({ target: "@conflict" });
      return;
    }
    const fields = result.fields ?? {};
    const firstField = FIELD_ORDER.find((name) => fields[name]);
    setErrors(fields);
    const failed: BookingFailure =
      result.status === 0
        ? { network: true }
        : result.status === 401 && forClient
          ? {
              message: checkInCopy.sessionEnded,
              action: (
                <p>
                  <Link
                    to={projectId ? portalProjectPath(projectId) : "/client-portal"}
                    className="font-semibold underline underline-offset-2"
                  >
                    {checkInCopy.signInLink}
                  </Link>
                </p>
              ),
            }
          : {
              message:
                result.message ??
                (firstField
                  ? "Check the fields marked below."
                  : "The call couldn't be booked just now. Please try again."),
            };
    setFailure(failed);
    trackError(failed.message ?? "Network error", "booking form");
    setFocus({ target: "@alert" });
  }

  if (booked)
    return (
      <BookingConfirmation booking={booked} zone={zone} title={forClient ? "Your check-in is booked" : "You're booked"}>
        {slug === DISCOVERY_CALL_SLUG ? (
          <p className="mt-4 leading-7 text-slate-800">
            Nothing to prepare, but if you like,{" "}
            <Link
              to="/how-it-works#checklist-title"
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              the checklist on How it works
            </Link>{" "}
            lists what makes the call most useful.
          </p>
        ) : null}
      </BookingConfirmation>
    );

  if (forClient && (!projectId || !portalToken))
    return (
      <>
        <SchedulerHeader />
        <div className="mt-6 rounded-2xl bg-brand-50 p-5 sm:p-6">
          <h3 className="text-lg font-bold text-slate-900">{checkInCopy.signInTitle}</h3>
          <p className="mt-2 leading-7 text-slate-800">{checkInCopy.signInText}</p>
          <Link
            to={projectId ? portalProjectPath(projectId) : "/client-portal"}
            className={`${buttonClass.brand} mt-4`}
          >
            {checkInCopy.signInLink}
          </Link>
        </div>
      </>
    );

  return (
    <>
      <SchedulerHeader />
      <div ref={pickerRef} className="mt-6">
        <SlotPicker
          slug={slug}
          zone={zone}
          detectedZone={detectedZone}
          onZoneChange={setZone}
          selected={selected}
          onSelect={pick}
          version={version}
          onType={handleType}
        />
      </div>
      {selected || conflict ? (
        <BookingDetails
          type={type}
          slot={selected}
          zone={zone}
          values={values}
          onValue={setValue}
          errors={errors}
          failure={failure}
          conflict={conflict}
          onPickNext={pick}
          sending={sending}
          forProject={forClient ? projectId : null}
          onSubmit={(honeypot) => void submit(honeypot)}
          onChangeTime={() => setFocus({ target: "@time" })}
          formRef={formRef}
          headingRef={headingRef}
          alertRef={alertRef}
          conflictRef={conflictRef}
        />
      ) : null}
      <p className="mt-8 text-sm text-slate-700">{bookCopy.otherWaysText}</p>
    </>
  );
}
