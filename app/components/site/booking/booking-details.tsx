import type { FormEvent, Ref } from "react";
import { site } from "~/config/site";
import { HONEYPOT_FIELD, LIMITS } from "~/contracts/form-options";
import type { BookingSlot } from "~/contracts/booking-public";
import type { MeetingTypeShell } from "~/content/booking-pages";
import { TextField } from "~/components/site/forms/text-field";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { Honeypot } from "~/components/site/forms/honeypot";
import { RequiredNote } from "~/components/site/forms/field-parts";
import { SubmitButton } from "~/components/site/forms/submit-button";
import type { BookingField, BookingValues } from "./booking-draft";
import { FailureAlert, type BookingFailure } from "./send-failure";
import type { SlotConflict } from "./slot-conflict";
import { SlotWhen, TimeStep } from "./time-step";

/** The form's fields in page order: the first one at fault takes the focus. */
export const FIELD_ORDER: readonly BookingField[] = ["name", "email", "phone", "about"];

export const PHONE_NEEDED = `The call is by phone, so ${site.owner.firstName} needs a number to call you on`;

interface BookingDetailsProps {
  type: MeetingTypeShell | null;
  slot: BookingSlot | null;
  zone: string;
  values: BookingValues;
  onValue: (field: BookingField, value: string) => void;
  errors: Record<string, string>;
  failure: BookingFailure | null;
  conflict: SlotConflict | null;
  onPickNext: (slot: BookingSlot) => void;
  sending: boolean;
  /** A client's check-in: no name or e-mail (the portal knows them). */
  forProject: string | null;
  onSubmit: (honeypot: string) => void;
  onChangeTime: () => void;
  formRef?: Ref<HTMLFormElement>;
  headingRef?: Ref<HTMLHeadingElement>;
  alertRef?: Ref<HTMLDivElement>;
  conflictRef?: Ref<HTMLDivElement>;
}

/**
 * The short form after a time is picked (docs/product/bookings.md "The booking page"): the time,
 * named in the visitor's zone, with a way back to change it; name, e-mail, phone (required for a
 * phone call, and the label says why), what the project is about, the spam trap, and send. A
 * refusal shows each field's message beside it and nothing typed is lost; a time taken meanwhile
 * offers the next free ones.
 */
export function BookingDetails({
  type,
  slot,
  zone,
  values,
  onValue,
  errors,
  failure,
  conflict,
  onPickNext,
  sending,
  forProject,
  onSubmit,
  onChangeTime,
  formRef,
  headingRef,
  alertRef,
  conflictRef,
}: BookingDetailsProps) {
  const byPhone = type?.location_kind === "phone";
  const field = (name: BookingField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onValue(name, event.target.value),
    error: errors[name],
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trap = event.currentTarget.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`);
    onSubmit(trap?.value ?? "");
  }

  return (
    <TimeStep
      titleId="booking-details-title"
      title={slot ? "Your details" : "Pick another time"}
      headingRef={headingRef}
      large
      picked={
        slot ? (
          <div className="mt-3 flex flex-col gap-2 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-900">
              <SlotWhen slot={slot} zone={zone} after={type ? `, ${type.length_minutes} minutes` : ""} />
            </p>
            <button
              type="button"
              onClick={onChangeTime}
              className="inline-flex min-h-11 shrink-0 items-center self-start font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 sm:self-auto"
            >
              Change time
            </button>
          </div>
        ) : null
      }
      conflict={conflict}
      conflictRef={conflictRef}
      zone={zone}
      onPickNext={onPickNext}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        aria-busy={sending || undefined}
        className="mt-6 space-y-6"
      >
        {failure ? <FailureAlert ref={alertRef} title="The call wasn't booked." failure={failure} /> : null}
        <RequiredNote />

        {forProject ? (
          <p className="text-slate-700">
            The call goes on your project <span className="font-mono font-semibold text-slate-900">{forProject}</span>,
            and the confirmation to the e-mail address on it.
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField
              id="booking-name"
              label="Your name"
              autoComplete="name"
              required
              maxLength={LIMITS.name}
              {...field("name")}
            />
            <TextField
              id="booking-email"
              type="email"
              label="Email"
              hint="The confirmation and the calendar invitation go here."
              autoComplete="email"
              spellCheck={false}
              required
              maxLength={LIMITS.email}
              {...field("email")}
            />
          </div>
        )}

        <TextField
          id="booking-phone"
          type="tel"
          label="Phone"
          hint={
            byPhone
              ? `Needed: ${site.owner.firstName} calls you on this number at the time you picked.`
              : "In case the call has to move at short notice."
          }
          required={byPhone}
          optional={!byPhone}
          autoComplete="tel"
          inputMode="tel"
          maxLength={LIMITS.phone}
          {...field("phone")}
        />

        <TextareaField
          id="booking-about"
          label={forProject ? "What would you like to talk about?" : "What is your project about?"}
          hint={
            forProject
              ? "A few words are plenty, so I can have the answers ready."
              : "A line or two is plenty: your business, and what the site should do. Links to sites you like are welcome."
          }
          optional
          rows={4}
          maxLength={2000}
          {...field("about")}
        />

        {forProject ? null : <Honeypot />}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton sending={sending} sendingLabel="Booking..." disabled={!slot}>
            Book the call
          </SubmitButton>
          <p className="text-sm text-slate-700">Free, no obligation. Your details are only used for this call.</p>
        </div>
      </form>
    </TimeStep>
  );
}
