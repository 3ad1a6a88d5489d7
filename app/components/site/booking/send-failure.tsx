import type { ReactNode, Ref } from "react";
import { FormAlert } from "~/components/site/forms/form-alert";
import { ReachOutLine } from "~/components/site/forms/failure-help";
import type { BookingResult } from "./booking-api";

/** Why a send failed, in words for the alert. */
export interface BookingFailure {
  message?: string;
  /** No answer came: the connection, most likely. */
  network?: boolean;
  /** Something to do instead (a link), under the message. */
  action?: ReactNode;
}

/** A refusal in words: no answer (the connection), or the server's own words, or the fallback. */
export function failureOf(result: Extract<BookingResult<unknown>, { ok: false }>, fallback: string): BookingFailure {
  return result.status === 0 ? { network: true } : { message: result.message ?? fallback };
}

/**
 * A booking form's failed send (to book, move or cancel a call): what went wrong, what to do
 * instead, and who to write to. The form moves the focus to it.
 */
export function FailureAlert({
  title,
  failure,
  ref,
}: {
  title: string;
  failure: BookingFailure;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <FormAlert ref={ref} title={title}>
      {failure.message ? <p>{failure.message}</p> : null}
      {failure.network ? <p>The connection may have dropped. Check it, then press the button again.</p> : null}
      {failure.action}
      <ReachOutLine lead="If it keeps happening, e-mail" />
    </FormAlert>
  );
}
