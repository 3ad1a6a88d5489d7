import { BUDGETS, HONEYPOT_FIELD, READINESS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import { startProjectCopy } from "~/content/contact-pages";
import { TextField } from "~/components/site/forms/text-field";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { SelectField } from "~/components/site/forms/select-field";
import { RadioGroup } from "~/components/site/forms/radio-group";
import { Honeypot } from "~/components/site/forms/honeypot";
import { RequiredNote } from "~/components/site/forms/field-parts";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { lazyEndpoint, useJsonForm } from "~/components/site/forms/use-json-form";
import { SubmissionAlert } from "./submission-alert";

const FIELD_ORDER = [
  "name",
  "email",
  "phone",
  "company",
  "siteType",
  "budget",
  "timeline",
  "description",
  "readiness",
] as const;

/** Exactly the fields of docs/product/lead-paths.md "Fields", whatever else the form holds. */
const toBody = (values: Record<string, string>) => ({
  name: values.name ?? "",
  email: values.email ?? "",
  phone: values.phone ?? "",
  company: values.company ?? "",
  siteType: values.siteType ?? "",
  budget: values.budget ?? "",
  timeline: values.timeline ?? "",
  description: values.description ?? "",
  readiness: values.readiness ?? "curious",
  [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] ?? "",
});

const endpoint = lazyEndpoint(() => import("~/contracts/intake").then((m) => m.intakeEndpoints.submit));

/**
 * The project inquiry form (docs/product/lead-paths.md "Fields", "States", "Validation"): editing,
 * sending (button disabled, 'Sending...'), then `onSubmitted` with the Project ID. A failure
 * returns to editing with the alert; every value typed stays.
 */
export function ProjectForm({
  onSubmitted,
}: {
  /** With what was typed: the confirmation's link to the booking page carries some of it. */
  onSubmitted: (projectId: string | undefined, emailSignIn: boolean, typed: Record<string, string>) => void;
}) {
  const { hydrated, sending, errors, failure, alertRef, formProps } = useJsonForm({
    endpoint,
    fieldOrder: FIELD_ORDER,
    body: toBody,
    keep: "start-project",
    onSuccess: (answer, typed) => onSubmitted(answer.projectId, answer.emailSignIn !== false, typed),
  });

  return (
    <form method="post" {...formProps} className="space-y-6">
      {failure ? <SubmissionAlert ref={alertRef} failure={failure} /> : null}
      <RequiredNote />

      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          id="project-name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={100}
          error={errors.name}
        />
        <TextField
          id="project-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
          error={errors.email}
        />
        <TextField
          id="project-phone"
          name="phone"
          type="tel"
          label="Phone"
          optional
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          error={errors.phone}
        />
        <TextField
          id="project-company"
          name="company"
          label="Business name"
          optional
          autoComplete="organization"
          maxLength={200}
          error={errors.company}
        />
      </div>

      <SelectField
        id="project-siteType"
        name="siteType"
        label="What kind of site?"
        options={SITE_TYPES}
        emptyLabel="Choose one (optional)"
        defaultValue=""
        error={errors.siteType}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          id="project-budget"
          name="budget"
          label="Budget"
          options={BUDGETS}
          emptyLabel="Choose one (optional)"
          defaultValue=""
          error={errors.budget}
        />
        <SelectField
          id="project-timeline"
          name="timeline"
          label="Timeline"
          options={TIMELINES}
          emptyLabel="Choose one (optional)"
          defaultValue=""
          error={errors.timeline}
        />
      </div>

      <TextareaField
        id="project-description"
        name="description"
        label="Describe your project"
        hint={startProjectCopy.descriptionHint}
        rows={5}
        required
        maxLength={5000}
        error={errors.description}
      />

      <RadioGroup
        id="project-readiness"
        name="readiness"
        legend="Where are you at?"
        options={READINESS}
        defaultValue="curious"
        error={errors.readiness}
      />

      <Honeypot />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton sending={sending} disabled={!hydrated}>
          {startProjectCopy.submitLabel}
        </SubmitButton>
        <p className="text-sm text-slate-700">{startProjectCopy.privacyNote}</p>
      </div>
      <noscript>
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{startProjectCopy.noScript}</p>
      </noscript>
    </form>
  );
}
