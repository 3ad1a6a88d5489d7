import { bookCopy } from "~/content/booking-pages";

/** The id of the booking card's heading: "Pick a time", then the confirmation's. */
export const BOOKING_TITLE_ID = "booking-title";

/** The booking card's heading and intro, the same in the server's HTML and once the calendar runs. */
export function SchedulerHeader({ title = bookCopy.schedulerTitle, intro = bookCopy.schedulerIntro }) {
  return (
    <>
      <h2 id={BOOKING_TITLE_ID} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{intro}</p>
    </>
  );
}
