import { useState } from "react";
import { trackEvent } from "~/lib/analytics";
import { startProjectCopy } from "~/content/contact-pages";
import { NextSteps } from "~/components/site/contact/next-steps";
import { ProjectForm } from "./project-form";
import { lazyView } from "~/components/ui/lazy-view";
import { DirectContact } from "./direct-contact";

/** The confirmation with the Project ID, loaded when the form is sent. */
const SubmissionConfirmation = lazyView(() =>
  import("./submission-confirmation").then((m) => m.SubmissionConfirmation),
);

type PanelState =
  | { step: "editing" }
  | { step: "submitted"; projectId: string | undefined; emailSignIn: boolean; typed: Record<string, string> };

/**
 * The form and its aside. Editing and sending live in ProjectForm; on success the card turns into
 * the confirmation (docs/product/lead-paths.md "States", "Confirmation").
 */
export function ProjectPanel() {
  const [state, setState] = useState<PanelState>({ step: "editing" });

  function handleSubmitted(projectId: string | undefined, emailSignIn: boolean, typed: Record<string, string>) {
    trackEvent("project_submission", { project_id: projectId, form_completed: true });
    setState({ step: "submitted", projectId, emailSignIn, typed });
  }

  const submitted = state.step === "submitted";
  return (
    <section
      aria-labelledby={submitted ? "project-submitted-title" : "project-form-title"}
      className="bg-white pb-16 sm:pb-24"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14 lg:px-8">
        <div className="min-w-0">
          <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
            {submitted ? (
              <SubmissionConfirmation projectId={state.projectId} emailSignIn={state.emailSignIn} typed={state.typed} />
            ) : (
              <>
                <h2 id="project-form-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                  {startProjectCopy.formTitle}
                </h2>
                <p className="mt-2 mb-6 text-slate-700">{startProjectCopy.formIntro}</p>
                <ProjectForm onSubmitted={handleSubmitted} />
              </>
            )}
          </div>
          <DirectContact />
        </div>
        <aside aria-labelledby="project-after-title" className="lg:pt-2">
          <h2 id="project-after-title" className="text-xl font-bold text-slate-900">
            {startProjectCopy.afterTitle}
          </h2>
          <div className="mt-5">
            <NextSteps steps={startProjectCopy.afterSteps} />
          </div>
          <p className="mt-8 rounded-2xl bg-brand-50 p-5 leading-7 text-slate-800">{startProjectCopy.priceNote}</p>
        </aside>
      </div>
    </section>
  );
}
