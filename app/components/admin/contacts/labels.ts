import { CONTACT_STATUS_LABELS, LEAD_SOURCE_LABELS, scoreTone } from "~/lib/admin/contacts";
import type { Contact } from "~/contracts/contacts";
import type { ContactStatus } from "~/contracts/contact-terms";
import { BUDGETS, optionLabel, READINESS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import type { Tone } from "../ui/styles";

/** How the contacts screen names and colours things. */
export const STATUS_TONE: Record<ContactStatus, Tone> = {
  new: "blue",
  submitted: "purple",
  contacted: "yellow",
  qualified: "orange",
  proposal: "gray",
  won: "green",
  lost: "red",
};

export const statusLabel = (status: ContactStatus) => CONTACT_STATUS_LABELS[status] ?? status;

export const sourceLabel = (source: string) =>
  (LEAD_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source.replace(/_/g, " ");

export { scoreTone };

export const isSubmission = (contact: Pick<Contact, "submission_data">) => contact.submission_data !== null;

/** The website form's answers, in the words the visitor saw. */
export function submissionLabels(data: NonNullable<Contact["submission_data"]>) {
  return [
    { label: "Site type", value: optionLabel(SITE_TYPES, data.site_type ?? "") },
    { label: "Budget", value: optionLabel(BUDGETS, data.budget ?? "") },
    { label: "Timeline", value: optionLabel(TIMELINES, data.timeline ?? "") },
    { label: "Readiness", value: optionLabel(READINESS, data.readiness ?? "") },
  ];
}
