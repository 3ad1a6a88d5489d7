import type { Ref } from "react";
import { emailHref, phoneHref, site } from "~/config/site";
import { contactCopy } from "~/content/contact-pages";
import { FormAlert } from "~/components/site/forms/form-alert";
import type { FormFailure } from "~/components/site/forms/use-json-form";

/** Why the message wasn't sent (the server's text), and the other ways to reach Tyler. */
export function ContactAlert({ failure, ref }: { failure: FormFailure; ref?: Ref<HTMLDivElement> }) {
  return (
    <FormAlert ref={ref} title={contactCopy.errorTitle}>
      {failure.detail ? <p>{failure.detail}</p> : null}
      {failure.network ? <p>The connection may have dropped. Check it, then press the button again.</p> : null}
      {!failure.detail && !failure.network ? <p>Something went wrong on our side. Please try again.</p> : null}
      <p>
        Everything you typed is still here. You can also e-mail{" "}
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
