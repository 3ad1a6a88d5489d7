import { useState } from "react";
import { Pencil, Plus } from "lucide-react";
import { toast } from "sonner";
import { MeetingTypeInputSchema } from "~/contracts/booking-owner";
import type { MeetingType } from "~/contracts/booking-public";
import {
  LOCATION_KINDS,
  LOCATION_LABELS,
  MEETING_AUDIENCES,
  MEETING_LENGTHS,
  type LocationKind,
  type MeetingAudience,
} from "~/contracts/booking-terms";
import { slugify } from "~/contracts/post-content";
import { ApiError } from "~/lib/api/call";
import { Badge } from "../ui/badge";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { adminButton } from "../ui/styles";
import { SwitchField } from "../ui/switch-field";
import { useSchemaForm } from "../ui/use-schema-form";
import { useSaveMeetingType, type MeetingTypeBody } from "./api";
import { AUDIENCE_LABELS, whereLabel } from "./labels";
import { FormError } from "./form-error";
import { useFocusInvalid } from "./use-focus-invalid";

/** The meeting types: each with its name, address, length, place, audience and state; Edit and Add. */
export function MeetingTypesList({ types }: { types: MeetingType[] }) {
  const [editing, setEditing] = useState<{ type: MeetingType | null; key: number } | null>(null);
  return (
    <div className="grid gap-3">
      {types.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-600">
          No meeting types yet: add one, and visitors can book it on /book.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Meeting types">
          {types.map((type) => (
            <li
              key={type.id}
              data-testid="meeting-type"
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{type.name}</span>
                  <Badge tone={type.active ? "green" : "gray"}>{type.active ? "Active" : "Inactive"}</Badge>
                  <Badge tone={type.audience === "public" ? "blue" : "purple"}>{AUDIENCE_LABELS[type.audience]}</Badge>
                </p>
                <p className="mt-1 text-sm break-words text-slate-700">
                  <span className="font-mono text-xs">/book/{type.slug}</span> · {type.length_minutes} min ·{" "}
                  {whereLabel(type.location_kind, type.location_detail)}
                </p>
              </div>
              <button type="button" className={adminButton.row} onClick={() => setEditing({ type, key: Date.now() })}>
                <Pencil className="size-3.5" aria-hidden="true" /> Edit<span className="sr-only"> {type.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className={adminButton.secondary}
          onClick={() => setEditing({ type: null, key: Date.now() })}
        >
          <Plus className="size-4" aria-hidden="true" /> Add meeting type
        </button>
      </div>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.type ? "Edit meeting type" : "Add meeting type"}
        description={editing?.type?.name}
      >
        {editing && <MeetingTypeForm key={editing.key} type={editing.type} onDone={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}

export interface MeetingTypeValues {
  name: string;
  slug: string;
  description: string;
  length_minutes: string;
  location_kind: LocationKind;
  location_detail: string;
  audience: MeetingAudience;
  active: boolean;
}

export const meetingTypeValues = (type: MeetingType | null): MeetingTypeValues => ({
  name: type?.name ?? "",
  slug: type?.slug ?? "",
  description: type?.description ?? "",
  length_minutes: type ? String(type.length_minutes) : "30",
  location_kind: type?.location_kind ?? "phone",
  location_detail: type?.location_detail ?? "",
  audience: type?.audience ?? "public",
  active: type?.active ?? true,
});

/** The body of createType / updateType, from the form. */
export const meetingTypeBody = (v: MeetingTypeValues): MeetingTypeBody => ({
  name: v.name,
  slug: v.slug.trim(),
  description: v.description,
  length_minutes: /^\s*\d+\s*$/.test(v.length_minutes) ? Number(v.length_minutes) : Number.NaN,
  location_kind: v.location_kind,
  location_detail: v.location_kind === "phone" ? null : v.location_detail,
  audience: v.audience,
  active: v.active,
});

function MeetingTypeForm({ type, onDone }: { type: MeetingType | null; onDone: () => void }) {
  const save = useSaveMeetingType();
  const form = useSchemaForm({
    initial: () => meetingTypeValues(type),
    schema: MeetingTypeInputSchema,
    input: meetingTypeBody,
    check: (_values, errors) =>
      errors.length_minutes
        ? {
            ...errors,
            length_minutes: `The length is a whole number of minutes, from ${MEETING_LENGTHS.min} to ${MEETING_LENGTHS.max}`,
          }
        : errors,
    save: (body) =>
      save.mutateAsync({ id: type?.id ?? null, body }).catch((error: unknown) => {
        // A taken address name is said beside it.
        if (error instanceof ApiError && error.status === 409 && !error.fields)
          throw new ApiError(409, error.message, { slug: error.message }, error.serverMessage);
        throw error;
      }),
    onSaved: (saved) => {
      toast.success(type ? `${saved.name} saved` : `${saved.name} added`);
      onDone();
    },
    fallbackError: type ? "Failed to save the meeting type" : "Failed to add the meeting type",
    fieldErrorOptions: { fullPath: true },
  });
  const { values, errors, set } = form;
  const formRef = useFocusInvalid(errors, form.error);
  const detailLabel = values.location_kind === "video" ? "Video link" : "Address";
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={type ? "Edit meeting type" : "Add meeting type"}
      className="grid gap-4"
      onSubmit={form.submit}
    >
      <Field label="Name" required error={errors.name}>
        {(p) => (
          <input
            {...p}
            required
            value={values.name}
            onChange={(e) => {
              const name = e.target.value;
              // The address name follows the name while it is empty or still the name's.
              const slug = values.slug === "" || values.slug === slugify(values.name) ? slugify(name) : values.slug;
              set({ name, slug });
            }}
          />
        )}
      </Field>
      <Field
        label="Address name"
        required
        error={errors.slug}
        hint={`Its booking page: /book/${values.slug || "discovery-call"}. Lower-case letters, digits and dashes.`}
      >
        {(p) => <input {...p} required value={values.slug} onChange={(e) => set({ slug: e.target.value })} />}
      </Field>
      <Field label="Description" error={errors.description} hint="What the visitor reads before booking.">
        {(p) => (
          <textarea {...p} rows={3} value={values.description} onChange={(e) => set({ description: e.target.value })} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Length (minutes)" required error={errors.length_minutes}>
          {(p) => (
            <input
              {...p}
              required
              inputMode="numeric"
              value={values.length_minutes}
              onChange={(e) => set({ length_minutes: e.target.value })}
            />
          )}
        </Field>
        <Field label="Who may book it" error={errors.audience}>
          {(p) => (
            <select
              {...p}
              value={values.audience}
              onChange={(e) => set({ audience: e.target.value as MeetingAudience })}
            >
              {MEETING_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {AUDIENCE_LABELS[a]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="Where" error={errors.location_kind}>
        {(p) => (
          <select
            {...p}
            value={values.location_kind}
            onChange={(e) => set({ location_kind: e.target.value as LocationKind })}
          >
            {LOCATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LOCATION_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.location_kind === "phone" ? (
        <p className="-mt-2 text-sm text-slate-600">You call the number the visitor gives when booking.</p>
      ) : (
        <Field
          label={detailLabel}
          required
          error={errors.location_detail}
          hint={
            values.location_kind === "video"
              ? "Sent in the confirmation, never shown before booking."
              : "Where you meet; sent in the confirmation."
          }
        >
          {(p) => (
            <input
              {...p}
              required
              type={values.location_kind === "video" ? "url" : "text"}
              value={values.location_detail}
              onChange={(e) => set({ location_detail: e.target.value })}
            />
          )}
        </Field>
      )}
      <SwitchField
        label="Active"
        description="Off: nobody can book it; calls already booked stay."
        checked={values.active}
        onCheckedChange={(active) => set({ active })}
      />
      <FormError error={form.error} />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={adminButton.secondary} onClick={onDone} disabled={form.saving}>
          Cancel
        </button>
        <button type="submit" className={adminButton.primary} disabled={form.saving}>
          {form.saving ? "Saving..." : type ? "Save meeting type" : "Add meeting type"}
        </button>
      </div>
    </form>
  );
}
