import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { submittedCopy } from "~/content/contact-pages";
import { portalProjectPath } from "~/contracts/portal-terms";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { BookCallCard } from "~/components/site/sections/book-call-card";
import { bookPath, DISCOVERY_CALL_SLUG } from "~/content/booking-links";
import { CopyIdButton } from "./copy-id-button";

/**
 * The submitted state (docs/product/lead-paths.md "Confirmation"): 'Thanks for reaching out!', the
 * Project ID with a copy button, the note to keep it for the client portal, and the two ways on.
 * Focus moves to the heading when it appears. While the site sends no e-mail (`emailSignIn` false)
 * the portal cannot e-mail a sign-in link, so only the Project ID is offered. Then the way to book
 * the discovery call, with what the lead typed already filled in.
 */
export function SubmissionConfirmation({
  projectId,
  emailSignIn = true,
  typed = {},
}: {
  projectId: string | undefined;
  emailSignIn?: boolean;
  /** What the form held when it was sent. */
  typed?: Record<string, string>;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Bring the whole confirmation into view below the sticky header, then focus its heading.
    boxRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={boxRef} className="scroll-mt-28 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CheckIcon className="h-8 w-8" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        id="project-submitted-title"
        className="mt-5 text-3xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-4xl"
      >
        {submittedCopy.title}
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-slate-700">{submittedCopy.text}</p>

      {projectId ? (
        <div className="mx-auto mt-8 max-w-md rounded-2xl border-2 border-dashed border-brand-300 bg-brand-50 p-5 sm:p-6">
          <dl>
            <dt className="text-sm font-semibold tracking-wider text-brand-800 uppercase">{submittedCopy.idLabel}</dt>
            <dd
              data-testid="project-id"
              data-keep-clear=""
              className="mt-2 font-mono text-2xl font-bold tracking-wide break-all text-slate-900 sm:text-3xl"
            >
              {projectId}
            </dd>
          </dl>
          <div className="mt-4">
            <CopyIdButton value={projectId} />
          </div>
          <p className="mt-4 text-sm leading-6 text-slate-700">
            {emailSignIn ? submittedCopy.idNote : submittedCopy.idOnlyNote}
          </p>
        </div>
      ) : (
        <p className="mx-auto mt-6 max-w-md text-slate-700">
          {emailSignIn ? submittedCopy.noIdText : submittedCopy.noIdCallText}
        </p>
      )}

      <BookCallCard
        className="mx-auto mt-8 max-w-md text-left"
        title="Book your discovery call"
        text="Rather talk it through? Pick a time for a free call and I'll ring you. What you just typed is already filled in."
        label="Book your discovery call"
        to={bookPath(DISCOVERY_CALL_SLUG, {
          name: typed.name,
          email: typed.email,
          phone: typed.phone,
          about: typed.description,
          project: projectId,
        })}
        button
      />

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={projectId ? portalProjectPath(projectId) : "/client-portal"} className={buttonClass.brand}>
          Access Client Portal
        </Link>
        <Link to="/" className={buttonClass.outline}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
