import type { Contact } from "~/contracts/contacts";
import {
  CONTACT_STATUSES,
  EDITABLE_LEAD_SOURCES,
  INITIAL_CONTACT_STATUSES,
  LEAD_SOURCES,
} from "~/contracts/contact-terms";
import { Field } from "../ui/field";
import { sourceLabel, statusLabel } from "./labels";

/** The add and edit forms' fields (docs/product/contacts.md "Adding and editing"). */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  address: string;
  business_type: string;
  website_url: string;
  google_maps_url: string;
  source: string;
  status: string;
  lead_score: string;
  initial_message: string;
}

export type FieldErrors = Partial<Record<keyof ContactFormValues, string>>;

export const emptyContactForm: ContactFormValues = {
  name: "",
  email: "",
  phone: "",
  company: "",
  address: "",
  business_type: "",
  website_url: "",
  google_maps_url: "",
  source: "manual",
  status: "new",
  lead_score: "0",
  initial_message: "",
};

export const contactToForm = (c: Contact): ContactFormValues => ({
  name: c.name,
  email: c.email ?? "",
  phone: c.phone ?? "",
  company: c.company ?? "",
  address: c.address ?? "",
  business_type: c.business_type ?? "",
  website_url: c.website_url ?? "",
  google_maps_url: c.google_maps_url ?? "",
  source: c.source,
  status: c.status,
  lead_score: String(c.lead_score),
  initial_message: c.initial_message ?? "",
});

export function ContactFormFields({
  mode,
  values,
  errors,
  onChange,
  currentSource,
}: {
  mode: "add" | "edit";
  values: ContactFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<ContactFormValues>) => void;
  /** A contact from the website or an import keeps its source as an option when edited. */
  currentSource?: string;
}) {
  const text = (key: keyof ContactFormValues, label: string, type = "text", extra: Record<string, string> = {}) => (
    <Field label={label} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          {...extra}
          type={type}
          name={key}
          value={values[key]}
          onChange={(e) => onChange({ [key]: e.target.value })}
        />
      )}
    </Field>
  );
  const sources: readonly string[] = mode === "add" ? LEAD_SOURCES : EDITABLE_LEAD_SOURCES;
  const sourceOptions = currentSource && !sources.includes(currentSource) ? [...sources, currentSource] : sources;
  const statuses: readonly string[] = mode === "add" ? INITIAL_CONTACT_STATUSES : CONTACT_STATUSES;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("name", "Name *", "text", { autoComplete: "off" })}
      {text("email", "Email *", "email", { autoComplete: "off" })}
      {text("phone", "Phone", "tel")}
      {text("company", "Company")}
      <div className="sm:col-span-2">{text("address", "Address")}</div>
      {text("business_type", "Business type")}
      {text("website_url", "Website", "url", { placeholder: "https://" })}
      <div className="sm:col-span-2">
        {text("google_maps_url", "Google Maps URL", "url", { placeholder: "https://maps.google.com/..." })}
      </div>
      <Field label="Source" error={errors.source}>
        {(props) => (
          <select {...props} name="source" value={values.source} onChange={(e) => onChange({ source: e.target.value })}>
            {sourceOptions.map((s) => (
              <option key={s} value={s}>
                {sourceLabel(s)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={mode === "add" ? "Initial status" : "Status"} error={errors.status}>
        {(props) => (
          <select {...props} name="status" value={values.status} onChange={(e) => onChange({ status: e.target.value })}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s as Contact["status"])}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mode === "edit" &&
        text("lead_score", "Lead score (0-100)", "text", { inputMode: "numeric", autoComplete: "off" })}
      <div className="sm:col-span-2">
        <Field label="Notes" error={errors.initial_message} hint="The first message or what you know about this lead.">
          {(props) => (
            <textarea
              {...props}
              name="initial_message"
              rows={4}
              value={values.initial_message}
              onChange={(e) => onChange({ initial_message: e.target.value })}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
