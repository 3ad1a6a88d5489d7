import { useEffect } from "react";
import { useNavigate } from "react-router";
import { CONTACT_FORM_TYPE, CONTACT_SOURCE, LIMITS } from "~/contracts/form-options";
import { contactCopy } from "~/content/contact-pages";
import { TextField } from "~/components/site/forms/text-field";
import { TextareaField } from "~/components/site/forms/textarea-field";
import { Honeypot } from "~/components/site/forms/honeypot";
import { RequiredNote } from "~/components/site/forms/field-parts";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { lazyEndpoint, useJsonForm } from "~/components/site/forms/use-json-form";
import { CONTACT_PATH } from "~/contracts/public-paths";
import { ContactAlert } from "./contact-alert";
import type { ContactQuery } from "./contact-query";

const FIELD_ORDER = ["name", "email", "subject", "message"] as const;

const endpoint = lazyEndpoint(() => import("~/contracts/intake").then((m) => m.intakeEndpoints.contact));

/**
 * The contact form (docs/product/lead-paths.md "Contact", "Validation"). Without JavaScript it is a
 * plain post to /api/contact, which answers with a redirect: to the thank-you page, or back here
 * with the error and the values in the query string (`initial`). With JavaScript the page
 * validates, sends JSON and navigates.
 */
export function ContactForm({ initial }: { initial: ContactQuery }) {
  const navigate = useNavigate();
  const { sending, errors, failure, alertRef, formProps } = useJsonForm({
    endpoint,
    fieldOrder: FIELD_ORDER,
    initialFailure: initial.error ? { detail: initial.error, network: false } : null,
    keep: "contact",
    onSuccess: () => navigate("/contact/thank-you"),
  });

  // Back from a failed plain post: start where the explanation is.
  useEffect(() => {
    if (initial.error) alertRef.current?.focus();
  }, [initial.error, alertRef]);

  const { values } = initial;
  return (
    <form method="post" action={CONTACT_PATH} {...formProps} className="space-y-6">
      {failure ? <ContactAlert ref={alertRef} failure={failure} /> : null}
      <RequiredNote />
      <input type="hidden" name="form_type" value={CONTACT_FORM_TYPE} />
      <input type="hidden" name="source" value={CONTACT_SOURCE} />

      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          id="contact-name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          id="contact-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
        />
      </div>
      <TextField
        id="contact-subject"
        name="subject"
        label="Subject"
        optional
        maxLength={LIMITS.subject}
        defaultValue={values.subject}
        error={errors.subject}
      />
      <TextareaField
        id="contact-message"
        name="message"
        label="Message"
        rows={6}
        required
        maxLength={LIMITS.message}
        defaultValue={values.message}
        error={errors.message}
      />
      <Honeypot />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton sending={sending}>{contactCopy.submitLabel}</SubmitButton>
        <p className="text-sm text-slate-700">{contactCopy.privacyNote}</p>
      </div>
    </form>
  );
}
