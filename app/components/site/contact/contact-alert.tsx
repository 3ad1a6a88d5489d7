import type { Ref } from "react";
import { contactCopy } from "~/content/contact-pages";
import { FormAlert } from "~/components/site/forms/form-alert";
import { FailureDetail, ReachOutLine } from "~/components/site/forms/failure-help";
import type { FormFailure } from "~/components/site/forms/use-json-form";

/** Why the message wasn't sent (the server's text), and the other ways to reach Tyler. */
export function ContactAlert({ failure, ref }: { failure: FormFailure; ref?: Ref<HTMLDivElement> }) {
  return (
    <FormAlert ref={ref} title={contactCopy.errorTitle}>
      <FailureDetail failure={failure} />
      {!failure.detail && !failure.network ? <p>Something went wrong on our side. Please try again.</p> : null}
      <ReachOutLine lead="Everything you typed is still here. You can also e-mail" />
    </FormAlert>
  );
}
