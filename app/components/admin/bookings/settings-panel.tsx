import { useId, useState } from "react";
import { toast } from "sonner";
import { BookingSettingsInputSchema, type BookingSettingsAnswer } from "~/contracts/booking-owner";
import { MAX_BUFFER_MINUTES, MAX_WINDOW_DAYS } from "~/contracts/booking-terms";
import { ApiError } from "~/lib/api/call";
import { Field } from "../ui/field";
import { loadErrorMessage } from "../ui/load-error";
import { InlineLoading } from "../ui/loading";
import { adminButton } from "../ui/styles";
import { useSchemaForm } from "../ui/use-schema-form";
import { useBookingSettings, useSaveBookingSettings } from "./api";
import { BusyFeedField, OwnerFeed } from "./feeds";
import { WeeklyHoursEditor } from "./hours-editor";
import { MeetingTypesList } from "./meeting-types";
import { OverridesEditor } from "./overrides-editor";
import {
  MAX_NOTICE_HOURS,
  settingsBody,
  settingsErrors,
  STEP_CHOICES,
  valuesOf,
  type BookingSettingsValues,
} from "./settings-values";
import { FormError } from "./form-error";
import { useFocusInvalid } from "./use-focus-invalid";

/**
 * Settings, Booking: the hours, date overrides and rules every meeting type shares, the busy
 * times from the owner's calendar (saved together, the whole body at once), then the meeting
 * types and the owner's own calendar feed, each saved on its own.
 */
export function BookingSettingsPanel() {
  const id = useId();
  const settings = useBookingSettings();
  if (settings.isPending) return <InlineLoading label="Loading the booking settings..." />;
  if (settings.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {loadErrorMessage(settings.error, "Failed to load the booking settings")}{" "}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Retry
        </button>
      </p>
    );
  const answer = settings.data;
  return (
    <div className="grid gap-8">
      <BookingRulesForm answer={answer} />
      <section aria-labelledby={`${id}-types`} className="grid gap-3 border-t border-slate-200 pt-6">
        <div>
          <h3 id={`${id}-types`} className="text-base font-semibold text-slate-900">
            Meeting types
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            What can be booked, how long it is and where it happens. Public ones are on /book; client ones in the client
            portal.
          </p>
        </div>
        <MeetingTypesList types={answer.types} />
      </section>
      <section aria-labelledby={`${id}-feed`} className="grid gap-3 border-t border-slate-200 pt-6">
        <h3 id={`${id}-feed`} className="text-base font-semibold text-slate-900">
          Your bookings in your calendar
        </h3>
        <OwnerFeed url={answer.feeds.owner_feed_url} />
      </section>
    </div>
  );
}

const sameBody = (a: BookingSettingsValues, b: BookingSettingsValues) =>
  JSON.stringify(settingsBody(a)) === JSON.stringify(settingsBody(b));

function BookingRulesForm({ answer }: { answer: BookingSettingsAnswer }) {
  const save = useSaveBookingSettings();
  const [baseline, setBaseline] = useState(() => valuesOf(answer));
  const form = useSchemaForm({
    initial: baseline,
    schema: BookingSettingsInputSchema,
    input: settingsBody,
    check: settingsErrors,
    fieldErrorOptions: { fullPath: true },
    invalidMessage: () => "Some settings need a look: see the fields marked in red.",
    // The server names a block by its place in the body (sorted by start): back to the rows as typed.
    save: (body, typed) =>
      save.mutateAsync(body).catch((error: unknown) => {
        if (error instanceof ApiError && error.fields)
          throw new ApiError(
            error.status,
            error.message,
            settingsErrors(typed, error.fields) as Record<string, string>,
            error.serverMessage,
          );
        throw error;
      }),
    onSaved: (saved) => {
      const values = valuesOf(saved);
      setBaseline(values);
      form.setValues(values);
      toast.success("Booking settings saved");
    },
    fallbackError: "Failed to save the booking settings",
  });
  const { values, errors, set } = form;
  const formRef = useFocusInvalid(errors, form.error);
  const dirty = !sameBody(values, baseline);
  const number = (
    key: keyof BookingSettingsValues & string,
    label: string,
    errorKey: string,
    hint?: string,
    decimal = false,
  ) => (
    <Field label={label} error={errors[errorKey]} hint={hint}>
      {(p) => (
        <input
          {...p}
          inputMode={decimal ? "decimal" : "numeric"}
          value={values[key] as string}
          onChange={(e) => set({ [key]: e.target.value } as Partial<BookingSettingsValues>)}
        />
      )}
    </Field>
  );
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Booking hours and rules"
      className="grid gap-8 [&_:is(input,select,textarea)]:scroll-mt-32"
      onSubmit={form.submit}
    >
      <WeeklyHoursEditor weekly={values.weekly} errors={errors} onChange={(weekly) => set({ weekly })} />
      <OverridesEditor overrides={values.overrides} errors={errors} onChange={(overrides) => set({ overrides })} />
      <fieldset className="grid gap-4">
        <legend className="text-base font-semibold text-slate-900">Rules</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {number(
            "buffer_before",
            "Buffer before (minutes)",
            "buffer_before_minutes",
            `Kept free before each call; up to ${MAX_BUFFER_MINUTES}.`,
          )}
          {number(
            "buffer_after",
            "Buffer after (minutes)",
            "buffer_after_minutes",
            `Kept free after each call; up to ${MAX_BUFFER_MINUTES}.`,
          )}
          {number(
            "notice_hours",
            "Minimum notice (hours)",
            "min_notice_minutes",
            `No call sooner than this from now; up to ${MAX_NOTICE_HOURS}.`,
            true,
          )}
          {number(
            "window_days",
            "How far ahead (days)",
            "window_days",
            `Calls can be booked this many days ahead; up to ${MAX_WINDOW_DAYS}.`,
          )}
          {number("max_per_day", "At most calls a day", "max_per_day", "Empty: no limit.")}
          <Field label="Start times every" error={errors.step_minutes} hint="Where the offered times fall.">
            {(p) => (
              <select {...p} value={values.step_minutes} onChange={(e) => set({ step_minutes: e.target.value })}>
                {STEP_CHOICES.map((step) => (
                  <option key={step} value={step}>
                    {step} min
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <BusyFeedField
        value={values.busy_feed_url}
        saved={answer.settings.busy_feed_url}
        feeds={answer.feeds}
        error={errors.busy_feed_url}
        onChange={(busy_feed_url) => set({ busy_feed_url })}
      />
      <div className="grid gap-3">
        <FormError error={form.error} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {dirty && <p className="text-sm text-slate-700">You have unsaved booking changes.</p>}
          <button type="submit" className={adminButton.primary} disabled={form.saving}>
            {form.saving ? "Saving..." : "Save Booking Settings"}
          </button>
        </div>
      </div>
    </form>
  );
}
