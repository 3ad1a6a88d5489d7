import type { Ref } from "react";
import { SUBMISSION_ERROR } from "~/content/contact-pages";
import { FormAlert } from "~/components/site/forms/form-alert";
import { FailureDetail, ReachOutLine } from "~/components/site/forms/failure-help";
import type { FormFailure } from "~/components/site/forms/use-json-form";

/**
 * The failed-submission alert (docs/product/lead-paths.md "Errors"): the fixed sentence, then the
 * server's own message, then what to do if it keeps failing.
 */
export function SubmissionAlert({ failure, ref }: { failure: FormFailure; ref?: Ref<HTMLDivElement> }) {
  return (
    <FormAlert ref={ref} title={SUBMISSION_ERROR}>
      <FailureDetail failure={failure} />
      <ReachOutLine lead="If it keeps happening, e-mail" />
    </FormAlert>
  );
}
