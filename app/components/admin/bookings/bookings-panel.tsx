import { useId } from "react";
import { Link } from "react-router";
import { Eye, FolderKanban, User } from "lucide-react";
import type { OwnerBooking } from "~/contracts/booking-owner";
import { BOOKING_STATUSES, type BookingStatus } from "~/contracts/booking-terms";
import { EmailAddress } from "../ui/email-address";
import { FilterSelect } from "../ui/filter-select";
import { ListEmpty, listCount } from "../ui/list-states";
import { LoadError } from "../ui/load-error";
import { InlineLoading } from "../ui/loading";
import { Pager } from "../ui/pager";
import { RecordList } from "../ui/record-list";
import { SearchInput } from "../ui/search-input";
import { adminButton } from "../ui/styles";
import { useSearchBox } from "../ui/use-search-box";
import { BOOKINGS_PAGE_SIZE, useBookingPage, type BookingListFilter, type BookingWhen } from "./api";
import { callTime, statusLabel } from "./labels";
import { BookingStatusBadge } from "./status-badge";

export const WHEN_LABELS: Record<BookingWhen, string> = { upcoming: "Upcoming", past: "Past", all: "All" };
const WHENS = ["upcoming", "past", "all"] as const satisfies readonly BookingWhen[];

const EMPTY_TITLES: Record<BookingWhen, string> = {
  upcoming: "No upcoming calls",
  past: "No past calls",
  all: "No calls booked yet",
};

const COLUMNS = ["When", "Name", "E-mail", "Phone", "Meeting", "Status", "Actions"] as const;

export const contactHref = (id: number) => `/admin/contacts?contact=${id}`;
export const projectHref = (id: string) => `/admin/projects?project=${encodeURIComponent(id)}`;

/**
 * The Bookings screen's list: Upcoming, Past or All, a status, a search by name or e-mail, one
 * server page at a time; each call with its time in the business's zone, the visitor, the meeting
 * and its status, and the way to its details, its contact and its project.
 */
export function BookingsPanel({
  filter,
  onChange,
  onWhen,
  onClear,
  pageHref,
  onOpen,
}: {
  filter: BookingListFilter;
  onChange: (changes: Record<string, string | null>, options?: { replace?: boolean }) => void;
  onWhen: (when: BookingWhen) => void;
  onClear: () => void;
  pageHref: (page: number) => string;
  onOpen: (booking: OwnerBooking) => void;
}) {
  const id = useId();
  const box = useSearchBox(filter.q, (q) => onChange({ q }, { replace: true }));
  const list = useBookingPage(filter);
  const data = list.data;
  const filtered = filter.q.trim() !== "" || filter.status !== "all";

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div role="group" aria-label="Which calls" className="inline-flex w-fit gap-1 rounded-lg bg-slate-200/70 p-1">
          {WHENS.map((when) => (
            <button
              key={when}
              type="button"
              aria-pressed={filter.when === when}
              onClick={() => onWhen(when)}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-white aria-pressed:text-brand-900 aria-pressed:shadow-sm"
            >
              {WHEN_LABELS[when]}
            </button>
          ))}
        </div>
        <SearchInput
          label="Search bookings"
          placeholder="Search name or e-mail..."
          value={box.typed}
          onChange={box.type}
          onSettle={box.flush}
        />
        <FilterSelect
          label="Status"
          value={filter.status}
          onChange={(status) => onChange({ status })}
          options={BOOKING_STATUSES.map((s: BookingStatus) => ({ value: s, label: statusLabel(s) }))}
        />
      </div>

      {list.isPending ? (
        <InlineLoading label="Loading bookings..." />
      ) : list.isError && !data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data || data.total === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={[EMPTY_TITLES[filter.when], "No bookings match your search or filters"]}
          hint={[
            "Visitors book calls on /book; the hours and meeting types are in Settings, Booking.",
            "Try another name or e-mail, or clear the search and filters.",
          ]}
          clearLabel="Clear search and filters"
          onClear={() => {
            box.clear();
            onClear();
          }}
        />
      ) : (
        <section aria-labelledby={`${id}-list`} className="grid gap-3" aria-busy={list.isFetching}>
          <h2 id={`${id}-list`} className="text-sm text-slate-600" aria-live="polite" data-testid="bookings-count">
            {listCount(["call", "calls"], filter.page, data, data.bookings.length)}
            {list.isPlaceholderData && <span className="ml-2 text-slate-500">Loading...</span>}
          </h2>
          <BookingsList bookings={data.bookings} onOpen={onOpen} />
          <Pager
            label="Bookings pages"
            page={filter.page}
            pageSize={BOOKINGS_PAGE_SIZE}
            total={data.total}
            hrefFor={pageHref}
          />
        </section>
      )}
    </div>
  );
}

function RecordLinks({ booking }: { booking: OwnerBooking }) {
  return (
    <>
      {booking.contact_id !== null && (
        <Link to={contactHref(booking.contact_id)} className={adminButton.row}>
          <User className="size-3.5" aria-hidden="true" /> Contact<span className="sr-only"> {booking.name}</span>
        </Link>
      )}
      {booking.project_id !== null && (
        <Link to={projectHref(booking.project_id)} className={adminButton.row}>
          <FolderKanban className="size-3.5" aria-hidden="true" /> Project
          <span className="sr-only"> {booking.project_id}</span>
        </Link>
      )}
    </>
  );
}

function BookingsList({ bookings, onOpen }: { bookings: OwnerBooking[]; onOpen: (booking: OwnerBooking) => void }) {
  const details = (booking: OwnerBooking) => (
    <button type="button" className={adminButton.row} onClick={() => onOpen(booking)}>
      <Eye className="size-3.5" aria-hidden="true" /> Details
      <span className="sr-only">
        {" "}
        of the call with {booking.name}, {callTime(booking.start)}
      </span>
    </button>
  );
  const length = (b: OwnerBooking) => Math.round((Date.parse(b.end) - Date.parse(b.start)) / 60_000);
  return (
    <RecordList
      items={bookings}
      recordId={(b) => b.id}
      caption="Bookings"
      columns={COLUMNS}
      minWidth="min-w-[1040px]"
      row={(b) => (
        <>
          <td className="px-4 py-3 whitespace-nowrap">
            <time dateTime={b.start} className="font-medium text-slate-900">
              {callTime(b.start)}
            </time>
            <p className="text-xs text-slate-600">{length(b)} min</p>
          </td>
          <td className="max-w-48 px-4 py-3 break-words text-slate-900">{b.name}</td>
          <td className="max-w-56 px-4 py-3 text-slate-800">
            <a href={`mailto:${b.email}`} className="text-brand-800 underline-offset-2 hover:underline">
              <EmailAddress email={b.email} />
            </a>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-800">
            {b.phone ? (
              <a href={`tel:${b.phone}`} className="text-brand-800 underline-offset-2 hover:underline">
                {b.phone}
              </a>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </td>
          <td className="max-w-44 px-4 py-3 break-words text-slate-800">{b.meeting_name}</td>
          <td className="px-4 py-3">
            <BookingStatusBadge status={b.status} />
          </td>
          <td className="px-4 py-3">
            <div className="flex flex-wrap gap-1.5">
              {details(b)}
              <RecordLinks booking={b} />
            </div>
          </td>
        </>
      )}
      card={(b) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <time dateTime={b.start} className="font-medium text-slate-900">
              {callTime(b.start)}
            </time>
            <BookingStatusBadge status={b.status} />
          </div>
          <p className="mt-1 text-sm break-words text-slate-900">
            {b.name} <span className="text-slate-600">· {b.meeting_name}</span>
          </p>
          <p className="text-sm break-words text-slate-700">
            <a href={`mailto:${b.email}`} className="text-brand-800 underline-offset-2 hover:underline">
              <EmailAddress email={b.email} />
            </a>
            {b.phone && (
              <>
                {" · "}
                <a href={`tel:${b.phone}`} className="text-brand-800 underline-offset-2 hover:underline">
                  {b.phone}
                </a>
              </>
            )}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {details(b)}
            <RecordLinks booking={b} />
          </div>
        </>
      )}
    />
  );
}
