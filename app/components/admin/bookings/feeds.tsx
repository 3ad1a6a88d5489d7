import { useId, useRef, useState } from "react";
import { Copy, RefreshCw, RotateCcw } from "lucide-react";
import { toast } from "sonner";
import type { BookingSettingsAnswer } from "~/contracts/booking-owner";
import { errorMessage } from "~/lib/api/call";
import { formatInstant } from "~/lib/time/zoned";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { copyWithToast } from "../ui/copy";
import { adminButton, inputClass, labelClass } from "../ui/styles";
import { useRefreshBusy, useRegenerateFeed } from "./api";

type Feeds = BookingSettingsAnswer["feeds"];

const count = (n: number) => `${n.toLocaleString("en-US")} busy ${n === 1 ? "time" : "times"}`;

/**
 * The secret iCal address of the owner's own calendar, where the busy times come from: the field
 * (saved with the settings), where to find the address, the last read and Check now.
 */
export function BusyFeedField({
  value,
  saved,
  feeds,
  error,
  onChange,
}: {
  value: string;
  /** The address the server has (Check now reads that one). */
  saved: string | null;
  feeds: Feeds;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const refresh = useRefreshBusy();
  const unsaved = value.trim() !== (saved ?? "");
  const describedBy = [`${id}-help`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="grid gap-3">
      <legend className="text-base font-semibold text-slate-900">Busy times from your calendar</legend>
      <p className="text-sm text-slate-600">
        The times your own calendar shows as busy are never offered, so nobody books over your dentist appointment.
      </p>
      <div>
        <label htmlFor={id} className={labelClass}>
          Your calendar&apos;s secret iCal address
        </label>
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          className={`${inputClass} mt-1 font-mono`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
        <div id={`${id}-help`} className="mt-2 text-xs text-slate-600">
          <p>Where to find it (leave it empty to use your hours and bookings alone):</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            <li>
              Google Calendar: Settings, your calendar, Integrate calendar, &ldquo;Secret address in iCal format&rdquo;.
            </li>
            <li>
              Apple iCloud: in Calendar, share the calendar as a &ldquo;Public Calendar&rdquo; and copy its link (it
              starts with webcal://).
            </li>
            <li>Outlook: Settings, Calendar, Shared calendars, &ldquo;Publish calendar&rdquo;, then the ICS link.</li>
          </ul>
        </div>
      </div>
      <FeedStatus feeds={feeds} saved={saved} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={adminButton.secondary}
          disabled={!saved || refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: (status) =>
                status.busy_feed_error
                  ? toast.error(`Your calendar could not be read: ${status.busy_feed_error}`)
                  : toast.success(`Your calendar was read: ${count(status.busy_count)}`),
              onError: (failure) => toast.error(errorMessage(failure, "Failed to read your calendar")),
            })
          }
        >
          <RefreshCw className={`size-4 ${refresh.isPending ? "animate-spin" : ""}`} aria-hidden="true" />
          {refresh.isPending ? "Checking..." : "Check now"}
        </button>
        {unsaved && (
          <p className="text-sm text-slate-700">
            {saved ? "Save first: Check now reads the saved address." : "Save the address, then check it."}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** The last read of the owner's calendar: when it worked, or the error in red. */
export function FeedStatus({ feeds, saved }: { feeds: Feeds; saved: string | null }) {
  if (!saved)
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="busy-feed-status">
        No calendar connected: the free times follow your hours and bookings alone.
      </p>
    );
  if (feeds.busy_feed_error)
    return (
      <div
        className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        data-testid="busy-feed-status"
      >
        <p className="font-medium">
          Your calendar could not be read
          {feeds.busy_feed_checked_at && <> ({formatInstant(feeds.busy_feed_checked_at)})</>}: {feeds.busy_feed_error}
        </p>
        <p className="mt-1">
          The slots stay as last known
          {feeds.busy_feed_ok_at ? <>: the busy times read at {formatInstant(feeds.busy_feed_ok_at)}</> : ""}, with{" "}
          {count(feeds.busy_count)}.
        </p>
      </div>
    );
  if (feeds.busy_feed_ok_at)
    return (
      <p
        className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        data-testid="busy-feed-status"
      >
        Last read OK at {formatInstant(feeds.busy_feed_ok_at)}: {count(feeds.busy_count)} known.
      </p>
    );
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="busy-feed-status">
      Not read yet: it is read every few minutes, or now with Check now.
    </p>
  );
}

/** The owner's own feed of the bookings (webcal://): Copy, and a new address when the old one leaked. */
export function OwnerFeed({ url }: { url: string }) {
  const id = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  const regenerate = useRegenerateFeed();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        Subscribe to this address in your phone&apos;s or computer&apos;s calendar to see every booked call there. Keep
        it to yourself: anyone with it sees your bookings.
      </p>
      <div>
        <label htmlFor={id} className={labelClass}>
          Calendar feed address
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={id}
            readOnly
            className={`${inputClass} font-mono text-xs`}
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            ref={copyRef}
            type="button"
            className={`${adminButton.secondary} shrink-0`}
            onClick={() =>
              void copyWithToast(url, copyRef.current, {
                copied: "Calendar address copied",
                refused: "Copy refused: select the address and copy it",
              })
            }
          >
            <Copy className="size-4" aria-hidden="true" /> Copy
          </button>
        </div>
      </div>
      <div>
        <button type="button" className={adminButton.secondary} onClick={() => setConfirming(true)}>
          <RotateCcw className="size-4" aria-hidden="true" /> Regenerate address
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Make a new calendar address?"
        question="The old address stops working at once: a calendar subscribed to it stops showing your bookings until you subscribe to the new one."
        confirmLabel="Regenerate address"
        busyLabel="Regenerating..."
        busy={regenerate.isPending}
        error={regenerate.error}
        fallbackError="Failed to make a new calendar address"
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success("New calendar address made: subscribe to it again");
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          regenerate.reset();
        }}
      />
    </div>
  );
}
