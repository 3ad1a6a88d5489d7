import type { Ref } from "react";
import { emailHref, phoneHref, site } from "~/config/site";
import { SUBMISSION_ERROR } from "~/content/contact-pages";
import { FormAlert } from "~/components/site/forms/form-alert";
import type { FormFailure } from "~/components/site/forms/use-json-form";

/**
 * The failed-submission alert (public-site spec 8): the fixed sentence, then
 * the server's own message, then what to do if it keeps failing.
 */
export function SubmissionAlert({ failure, ref }: { failure: FormFailure; ref?: Ref<HTMLDivElement> }) {
  return (
    <FormAlert ref={ref} title={SUBMISSION_ERROR}>
      {failure.detail ? <p>{failure.detail}</p> : null}
      {failure.network ? <p>The connection may have dropped. Check it, then press the button again.</p> : null}
      <p>
        If it keeps happening, e-mail{" "}
        <a href={emailHref} className="font-semibold underline underline-offset-2">
          {site.email}
        </a>{" "}
        or call{" "}
        <a href={phoneHref} className="font-semibold whitespace-nowrap underline underline-offset-2">
          {site.phone.display}
        </a>
        .
      </p>
    </FormAlert>
  );
}
