import { emailHref, phoneHref, site } from "~/config/site";
import type { FormFailure } from "./use-json-form";

/** The server's message and, after a dropped connection, what to check: shared by every form's alert. */
export function FailureDetail({ failure }: { failure: FormFailure }) {
  return (
    <>
      {failure.detail ? <p>{failure.detail}</p> : null}
      {failure.network ? <p>The connection may have dropped. Check it, then press the button again.</p> : null}
    </>
  );
}

/** "{lead} e-mail … or call …": the other ways to reach the owner when a form fails. */
export function ReachOutLine({ lead }: { lead: string }) {
  return (
    <p>
      {lead}{" "}
      <a href={emailHref} className="font-semibold underline underline-offset-2">
        {site.email}
      </a>{" "}
      or call{" "}
      <a href={phoneHref} className="font-semibold whitespace-nowrap underline underline-offset-2">
        {site.phone.display}
      </a>
      .
    </p>
  );
}
