import type { NextStep } from "~/content/contact-pages";

/** A short numbered 'what happens next' list (start-project aside, thank-you page). */
export function NextSteps({ steps, tone = "white" }: { steps: readonly NextStep[]; tone?: "white" | "tint" }) {
  return (
    <ol className="space-y-5">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-bold ${
              tone === "tint" ? "bg-white text-brand-800 ring-1 ring-brand-200" : "bg-brand-700 text-white"
            }`}
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-bold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 leading-7 text-slate-700">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
