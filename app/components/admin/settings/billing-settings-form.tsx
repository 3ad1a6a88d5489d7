import { toast } from "sonner";
import { BillingSettingsChangeSchema, type BillingSettings } from "~/contracts/billing";
import { useSaveBillingSettings } from "~/components/admin/billing";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";
import { useSchemaForm } from "~/components/admin/ui/use-schema-form";

/** A whole number as typed, or NaN: the schema then refuses the field in its own words. */
export const wholeOrNaN = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * A form over some of the billing settings (docs/product/billing.md "Settings", "Follow-ups"),
 * saved on its own: the billing settings' call takes only the fields it is sent, so each form
 * sends its own. After a save the form shows the settings as the server kept them.
 */
export function useBillingSettingsForm<V>({
  initial,
  valuesOf,
  input,
  savedMessage,
  fallbackError,
}: {
  initial: BillingSettings;
  /** The form's values as typed, from the saved settings. */
  valuesOf: (settings: BillingSettings) => V;
  /** The fields this form sends, from its values. */
  input: (values: V) => unknown;
  savedMessage: string;
  fallbackError: string;
}) {
  const save = useSaveBillingSettings();
  const form = useSchemaForm({
    initial: () => valuesOf(initial),
    schema: BillingSettingsChangeSchema,
    input,
    save: (data) => save.mutateAsync(data),
    onSaved: (saved) => {
      form.setValues(valuesOf(saved));
      toast.success(savedMessage);
    },
    fallbackError,
  });
  return form;
}

/** A number of days or a percentage, typed as text so a wrong entry is kept to be put right. */
export function WholeNumberField({
  label,
  value,
  onChange,
  error,
  hint,
  inputClassName,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Added to the input's own classes (a narrow input where the field has the row to itself). */
  inputClassName?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode="numeric"
          className={inputClassName ? `${p.className} ${inputClassName}` : p.className}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The form's refusal, when the save failed, and its Save button. */
export function SettingsSaveRow({ error, saving, label }: { error: string | null; saving: boolean; label: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className={adminButton.primary} disabled={saving}>
          {saving ? "Saving..." : label}
        </button>
      </div>
    </>
  );
}
