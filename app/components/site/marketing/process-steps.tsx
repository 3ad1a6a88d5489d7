import { CheckIcon } from "~/components/ui/icons";
import type { ProcessStep } from "~/content/marketing/types";

/** A numbered process, four across on wide screens, stacked on a phone. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {steps.map((step, index) => (
        <li
          key={step.name}
          className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-xl font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.name}
              </h3>
              {step.when ? <p className="text-sm font-semibold text-brand-700">{step.when}</p> : null}
            </div>
          </div>
          <p className="mt-4 leading-7 text-slate-700">{step.text}</p>
          {step.details?.length ? (
            <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
              {step.details.map((detail) => (
                <li key={detail} className="flex gap-2">
                  <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                  {detail}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
