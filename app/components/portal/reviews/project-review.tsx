import { useCallback, useEffect, useRef, useState } from "react";
import { site } from "~/config/site";
import type { PortalReviewAnswer } from "~/contracts/reviews";
import { REVIEW_STATUS_LABELS } from "~/contracts/review-terms";
import { StarRow } from "~/components/site/reviews/star-row";
import { buttonClass } from "~/components/ui/button";
import { loadReview, sendReview } from "./review-api";
import { ReviewForm } from "./review-form";
import { forgetReviewTarget, takeReviewTarget } from "./review-target";

export interface ProjectReviewProps {
  projectId: string;
  portalToken: string;
}

type State =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; answer: PortalReviewAnswer; editing: boolean; thanked: boolean };

/**
 * The project's Review section (docs/product/client-portal.md "Reviews"): the form while nothing
 * is written, the review and its state once sent (editable while pending), nothing at all while
 * the project may not be reviewed yet. The e-mailed link's target brings the section into view.
 */
export function ProjectReview({ projectId, portalToken }: ProjectReviewProps) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const anchored = useRef(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      void loadReview(projectId, portalToken, signal).then((result) => {
        if (signal?.aborted) return;
        if (result.ok) setState({ kind: "ready", answer: result.data, editing: false, thanked: false });
        else
          setState({
            kind: "failed",
            message: result.error ?? "Your review could not be loaded. Please reload the page.",
          });
      }),
    [projectId, portalToken],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // The e-mailed link names this form: once it shows, it comes into view with its heading focused.
  useEffect(() => {
    if (anchored.current || state.kind !== "ready" || !state.answer.can_review) return;
    if (!takeReviewTarget()) return;
    anchored.current = true;
    forgetReviewTarget();
    const heading = headingRef.current;
    if (!heading) return;
    // The parts above (billing, the chat) still load: the heading is brought back a few times.
    const bring = () => heading.scrollIntoView({ block: "start" });
    bring();
    heading.focus({ preventScroll: true });
    const timers = [300, 900, 1800].map((ms) => window.setTimeout(bring, ms));
    const stop = () => timers.forEach((timer) => window.clearTimeout(timer));
    for (const type of ["wheel", "touchstart", "pointerdown", "keydown"] as const)
      window.addEventListener(type, stop, { once: true, passive: true });
  }, [state]);

  if (state.kind === "loading") return null;
  if (state.kind === "failed")
    return (
      <section
        aria-labelledby="portal-review-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <h3 id="portal-review-title" className="text-xl font-bold text-slate-900">
          Your review
        </h3>
        <p className="mt-3 text-slate-700">{state.message}</p>
      </section>
    );
  const { answer } = state;
  if (!answer.can_review) return null;
  const review = answer.review;
  const editing = !review || state.editing;

  return (
    <section
      aria-labelledby="portal-review-title"
      className="rounded-2xl border border-amber-200 bg-amber-50/60 p-5 sm:p-6"
      data-testid="portal-review"
    >
      <h3
        ref={headingRef}
        id="portal-review-title"
        tabIndex={-1}
        className="scroll-mt-28 text-xl font-bold text-slate-900 focus:outline-none"
      >
        {review ? "Your review" : `How did it go? Review your project`}
      </h3>
      {state.thanked ? (
        <p role="status" className="mt-2 font-semibold text-emerald-800">
          Thank you! {site.owner.firstName} reads every review personally.
        </p>
      ) : null}
      {editing ? (
        <>
          <p className="mt-2 mb-5 text-slate-700">
            A few honest words help other business owners decide, and help {site.owner.firstName} do better. It takes
            two minutes.
          </p>
          <ReviewForm
            initial={review}
            suggestedName={answer.suggested_name}
            onCancel={review ? () => setState({ ...state, editing: false }) : undefined}
            onSubmit={async (input) => {
              const result = await sendReview(projectId, portalToken, input);
              if (result.ok) {
                setState({ kind: "ready", answer: result.data, editing: false, thanked: true });
                return null;
              }
              if (result.network) return { error: "No connection: your review is still here. Try again in a moment." };
              return { error: result.error, fields: result.fields };
            }}
          />
        </>
      ) : review ? (
        <div className="mt-4 grid gap-3">
          <StarRow stars={review.stars} className="size-6" />
          <blockquote className="leading-7 whitespace-pre-line text-slate-900">{review.words}</blockquote>
          <p className="text-sm text-slate-700">
            Shown as <strong className="font-semibold text-slate-900">{review.display_name}</strong>
            {review.business ? `, ${review.business}` : ""}.{" "}
            {review.consent
              ? "You agreed it may be published."
              : `Not for publishing: for ${site.owner.firstName} alone.`}
          </p>
          <p className="text-sm text-slate-700" data-testid="portal-review-status">
            Status: <strong className="font-semibold text-slate-900">{REVIEW_STATUS_LABELS[review.status]}</strong>
            {review.status === "pending"
              ? ` (${site.owner.firstName} reads it before anything is published)`
              : review.status === "approved"
                ? " (on the website)"
                : ""}
          </p>
          {review.status === "pending" ? (
            <div>
              <button
                type="button"
                className={buttonClass.outline}
                onClick={() => setState({ ...state, editing: true, thanked: false })}
              >
                Edit my review
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-700">
              To change it now, reply to the e-mail that asked for it or write to {site.email}.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
